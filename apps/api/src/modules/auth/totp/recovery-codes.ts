import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recoveryCodes } from '../../../db/schema/index.js';
import { hmacSha256, safeEqual } from '../../../lib/crypto.js';
import { uuidv7 } from '../../../lib/ids.js';
import { type Keyring, keyedHash } from '../../../lib/keys.js';
import type { SealedBox } from '../../../lib/sealed-box.js';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: the codes are read off paper. 31 symbols × 10 = about 50 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** "abcde-fghij", in any case, with or without the hyphen or spaces. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}[\s-]?[a-z2-9]{5}$/i;

export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The keys recovery codes need: the box new codes are sealed with, and the keyring of the older keyed hashes. */
export type RecoveryKeys = { recoveryCodeBox: SealedBox; recoveryCodes: Keyring };

/**
 * Codes made before they were sealed are keyed hashes, "<keyId>:<HMAC>" under the recovery-code key or (older still)
 * the HMAC under the secret itself: every configured key's form is looked for, so they work while their secret is.
 */
const recoveryMessage = (userId: string, code: string) => `recovery:${userId}:${normaliseRecoveryCode(code)}`;
const legacyHashCandidates = (keys: Keyring, userId: string, code: string) =>
  keys.all.flatMap((key) => [
    `${key.id}:${keyedHash(key.key, recoveryMessage(userId, code))}`,
    hmacSha256(key.secret, recoveryMessage(userId, code)),
  ]);

function newCode(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/**
 * Replaces every recovery code of a user with a fresh set; answers the codes, which are shown once and never again.
 * Each is sealed with the user's id inside, so a sealed code moved to another user's row opens to a mismatch.
 */
export async function replaceRecoveryCodes(db: Executor, keys: RecoveryKeys, userId: string, now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.insert(recoveryCodes).values(
    codes.map((code) => ({
      id: uuidv7(),
      userId,
      codeSealed: keys.recoveryCodeBox.seal(recoveryMessage(userId, code)),
      createdAt: now,
    })),
  );
  return codes;
}

/** Marks a recovery code used if it is one of the user's unused ones; atomic, so two requests cannot both spend it. */
export async function spendRecoveryCode(db: Executor, keys: RecoveryKeys, userId: string, code: string, now: Date) {
  if (!RECOVERY_CODE_PATTERN.test(code)) return false;
  const unused = await db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const message = recoveryMessage(userId, code);
  const legacy = new Set(legacyHashCandidates(keys.recoveryCodes, userId, code));
  // Every unused code is compared, so the time taken does not say which one (if any) matched.
  let matched: string | null = null;
  for (const row of unused) {
    const isMatch = row.codeSealed
      ? safeEqual(openOrEmpty(keys.recoveryCodeBox, row.codeSealed), message)
      : row.codeHash !== null && legacy.has(row.codeHash);
    if (isMatch) matched = row.id;
  }
  if (!matched) return false;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, matched), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return Boolean(spent);
}

/** A code sealed under a key no longer configured matches nothing (the others may still). */
function openOrEmpty(box: SealedBox, sealed: string): string {
  try {
    return box.open(sealed);
  } catch {
    return '';
  }
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function dropRecoveryCodes(db: Executor, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
