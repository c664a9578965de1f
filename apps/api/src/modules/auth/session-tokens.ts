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

export function readAccessToken(keys: Keyring, token: string, now: Date): string | null {
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
  if (!/^\d+$/.test(expiresAt) || Number(expiresAt) <= now.getTime()) return null;
  return sessionId;
}
