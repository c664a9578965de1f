import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recoveryCodes } from '../../../db/schema/index.js';
import { hmacSha256 } from '../../../lib/crypto.js';
import { uuidv7 } from '../../../lib/ids.js';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: the codes are read off paper. 31 symbols × 10 = about 50 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** "abcde-fghij", in any case, with or without the hyphen or spaces. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}[\s-]?[a-z2-9]{5}$/i;

export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Keyed with the server secret, like the mailed codes, so a database copy alone cannot be searched offline. */
const recoveryHash = (secret: string, userId: string, code: string) =>
  hmacSha256(secret, `recovery:${userId}:${normaliseRecoveryCode(code)}`);

function newCode(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Replaces every recovery code of a user with a fresh set; answers the codes, which are shown once and never again. */
export async function replaceRecoveryCodes(db: Executor, secret: string, userId: string, now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db
    .insert(recoveryCodes)
    .values(
      codes.map((code) => ({ id: uuidv7(), userId, codeHash: recoveryHash(secret, userId, code), createdAt: now })),
    );
  return codes;
}

/** Marks a recovery code used if it is one of the user's unused ones; atomic, so two requests cannot both spend it. */
export async function spendRecoveryCode(db: Executor, secret: string, userId: string, code: string, now: Date) {
  if (!RECOVERY_CODE_PATTERN.test(code)) return false;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryHash(secret, userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(spent);
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
