import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The 3DS PIN travels to the issuer encrypted with our issuer secret key in the format of the "AES Everywhere"
 * libraries its documentation uses (OpenSSL's `enc -aes-256-cbc -md md5`): base64("Salted__" + salt + ciphertext),
 * key and IV from EVP_BytesToKey with MD5. See docs/card-issuer-protocol.md.
 */
const MAGIC = Buffer.from('Salted__');

function keyAndIv(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const password = Buffer.from(passphrase, 'utf8');
  let derived = Buffer.alloc(0);
  let block = Buffer.alloc(0);
  while (derived.length < 48) {
    block = createHash('md5')
      .update(Buffer.concat([block, password, salt]))
      .digest();
    derived = Buffer.concat([derived, block]);
  }
  return { key: derived.subarray(0, 32), iv: derived.subarray(32, 48) };
}

export function encryptPin(pin: string, secretKey: string): string {
  const salt = randomBytes(8);
  const { key, iv } = keyAndIv(secretKey, salt);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const body = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
  return Buffer.concat([MAGIC, salt, body]).toString('base64');
}

/** Answers null for anything that is not a well-formed, correctly keyed message. */
export function decryptPin(encrypted: string, secretKey: string): string | null {
  try {
    const raw = Buffer.from(encrypted, 'base64');
    if (raw.length < 32 || !raw.subarray(0, 8).equals(MAGIC)) return null;
    const { key, iv } = keyAndIv(secretKey, raw.subarray(8, 16));
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
