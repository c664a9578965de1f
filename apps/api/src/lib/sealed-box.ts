import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (the sandbox issuer's card numbers, a pending card's PIN): a fresh 12-byte
 * IV per message, the 16-byte tag checked on opening, the key derived from a setting with SHA-256 so any long
 * random string works as one. Sealed text is base64(iv + tag + ciphertext).
 */
export type SealedBox = { seal: (plaintext: string) => string; open: (sealed: string) => string };

export function createSealedBox(secret: string, purpose: string): SealedBox {
  const key = createHash('sha256').update(`${purpose}\n${secret}`).digest();
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
