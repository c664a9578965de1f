import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createKeyring, isKeyId, type PurposeKey } from './keys.js';

/**
 * AES-256-GCM for secrets kept at rest (the sandbox issuer's card numbers, a pending card's PIN): a fresh 12-byte
 * IV per message, the 16-byte tag checked on opening. Sealed text is "<key id>:" + base64(iv + tag + ciphertext),
 * the key derived for this purpose from the current secret (lib/keys.ts); text sealed under a previous secret
 * still opens while that secret is configured. Text from before key ids (no prefix) was sealed with
 * SHA-256(purpose + secret) and opens with that.
 */
export type SealedBox = {
  seal: (plaintext: string) => string;
  open: (sealed: string) => string;
  /** The current key's id, which starts what it seals: the re-seal job leaves such values alone. */
  currentKeyId: string;
};

/** `secrets`: the current secret first, then any previous ones still needed to open older values. */
export function createSealedBox(secrets: string | readonly (string | undefined)[], purpose: string): SealedBox {
  const ring = createKeyring(secrets, purpose);
  const legacyKey = (key: PurposeKey) => createHash('sha256').update(`${purpose}\n${key.secret}`).digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${ring.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    currentKeyId: ring.current.id,
    open(sealed) {
      const separator = sealed.indexOf(':');
      const id = separator > 0 ? sealed.slice(0, separator) : '';
      if (isKeyId(id)) {
        const key = ring.find(id);
        if (!key) throw new Error(`sealed with a key that is no longer configured (${purpose} ${id})`);
        return decrypt(key.key, sealed.slice(separator + 1));
      }
      // The authentication tag tells a wrong key apart, so trying each configured secret is safe.
      let lastError: unknown;
      for (const key of ring.all) {
        try {
          return decrypt(legacyKey(key), sealed);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}

function decrypt(key: Buffer, base64: string): string {
  const raw = Buffer.from(base64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
