import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error.js';

/** OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A real hash of a random string: verifying against it costs the same time as a real account's. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword(`no-such-account-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

const commonPasswords = new Set(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** Refuses passwords from the shipped list of common ones, which pass the character rules yet are guessed first. */
export function assertNotCommonPassword(password: string, field: string): void {
  if (commonPasswords.has(password.toLowerCase())) {
    const message = 'This password is too common. Choose one that is harder to guess.';
    throw new AppError('ValidationError', message, { fields: { [field]: message } });
  }
}
