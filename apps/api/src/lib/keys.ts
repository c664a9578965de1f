import { createHmac, hkdfSync } from 'node:crypto';

/**
 * One purpose's keys (access tokens, one-time codes, sealed card secrets...). Each key is derived from a configured
 * secret with HKDF-SHA256 and the purpose as its label, so no two purposes share a key and a value made for one is
 * worthless to another. The first secret is the current one: it signs and seals. The others (the previous secret
 * during a rotation) still verify and open what they made, so a new secret signs nobody out at once.
 */
export type PurposeKey = {
  /** Written beside what the key made ("k" + 8 hex), so the right key is picked without trying each. */
  id: string;
  key: Buffer;
  /** The configured secret it came from: values made before key ids existed were keyed with it directly. */
  secret: string;
};

export type Keyring = {
  purpose: string;
  current: PurposeKey;
  /** Current first, then previous ones. */
  all: readonly PurposeKey[];
  find: (id: string) => PurposeKey | undefined;
};

/** Fixed salt: the secrets are already random; the label is what separates purposes. */
const SALT = 'coincard-purpose-keys';
const KEY_ID = /^k[0-9a-f]{8}$/;

export function derivePurposeKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `coincard:${purpose}`, 32));
}

/** HMAC-SHA256 of a message under a derived key, hex. */
export function keyedHash(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

export const isKeyId = (text: string) => KEY_ID.test(text);

export function createKeyring(secrets: string | readonly (string | undefined)[], purpose: string): Keyring {
  const list = (typeof secrets === 'string' ? [secrets] : secrets).filter((secret): secret is string =>
    Boolean(secret),
  );
  const all = [...new Set(list)].map((secret) => {
    const key = derivePurposeKey(secret, purpose);
    return { id: `k${keyedHash(key, 'key-id').slice(0, 8)}`, key, secret };
  });
  const [current] = all;
  if (!current) throw new Error(`no secret configured for ${purpose}`);
  return { purpose, current, all, find: (id) => all.find((candidate) => candidate.id === id) };
}
