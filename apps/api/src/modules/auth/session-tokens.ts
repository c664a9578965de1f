import { ACCESS_TOKEN_TTL_MS } from '@coincard/shared';
import { hmacSha256, safeEqual } from '../../lib/crypto.js';
import { isKeyId, type Keyring, keyedHash } from '../../lib/keys.js';

/**
 * The access token is a short-lived signed pointer to a session: "<keyId>.<sessionId>.<expiresAtMs>.<signature>",
 * signed with the access-token key (lib/keys.ts). The key id picks the verifying key, so after a secret rotation
 * tokens signed with the previous one keep working until they expire. Each request still loads the session and
 * user, so a logout or a suspension takes effect at once.
 */
export function signAccessToken(keys: Keyring, sessionId: string, now: Date): string {
  const payload = `${keys.current.id}.${sessionId}.${now.getTime() + ACCESS_TOKEN_TTL_MS}`;
  return `${payload}.${keyedHash(keys.current.key, `access:${payload}`)}`;
}

/**
 * Tokens already verified, with their session and expiry: the same token comes back on every request of its
 * 15 minutes, and its signature check was a measurable part of each authenticated read
 * (docs/decisions/020-authenticated-read-performance.md). A pure function of the token and the keyring, so caching
 * it changes no answer; the expiry is still checked on every use. Bounded, and emptied when full.
 */
const verifiedTokens = new WeakMap<Keyring, Map<string, { sessionId: string; expiresAt: number }>>();
const MAX_VERIFIED_TOKENS = 10_000;

export function readAccessToken(keys: Keyring, token: string, now: Date): string | null {
  let verified = verifiedTokens.get(keys);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(keys, verified);
  }
  const known = verified.get(token);
  if (known) return known.expiresAt > now.getTime() ? known.sessionId : null;
  const checked = verifyAccessToken(keys, token);
  if (!checked || checked.expiresAt <= now.getTime()) return null;
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
  verified.set(token, checked);
  return checked.sessionId;
}

function verifyAccessToken(keys: Keyring, token: string): { sessionId: string; expiresAt: number } | null {
  const parts = token.split('.');
  const [keyId = '', sessionId = '', expiresAt = '', signature = ''] = parts.length === 3 ? ['', ...parts] : parts;
  if (parts.length === 4) {
    const key = isKeyId(keyId) ? keys.find(keyId) : undefined;
    if (!key || !safeEqual(keyedHash(key.key, `access:${keyId}.${sessionId}.${expiresAt}`), signature)) return null;
  } else if (parts.length === 3) {
    // Signed before key ids, straight with the secret: valid for their last minutes (ACCESS_TOKEN_TTL_MS).
    const message = `access:${sessionId}.${expiresAt}`;
    if (!keys.all.some((key) => safeEqual(hmacSha256(key.secret, message), signature))) return null;
  } else {
    return null;
  }
  if (!/^\d+$/.test(expiresAt)) return null;
  return { sessionId, expiresAt: Number(expiresAt) };
}
