import { OTP_LENGTH, OTP_MAX_ATTEMPTS } from '@coincard/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CodePurpose, oneTimeCodes } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hmacSha256, randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { uuidv7 } from '../../lib/ids.js';
import { isKeyId, type Keyring, keyedHash } from '../../lib/keys.js';

type Payload = { newEmail?: string; challengeHash?: string };

/** Voids a user's open codes of one purpose: only the newest link or OTP ever works. */
export async function voidOpenCodes(db: Executor, userId: string, purpose: CodePurpose, now: Date) {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
}

/** A single-use link code (verification, password reset). Only its SHA-256 is stored. */
export async function issueLinkCode(
  db: Executor,
  input: { userId: string; purpose: CodePurpose; ttlMs: number; now: Date },
): Promise<{ code: string; expiresAt: Date }> {
  await voidOpenCodes(db, input.userId, input.purpose, input.now);
  const code = randomToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  await db.insert(oneTimeCodes).values({
    id: uuidv7(),
    userId: input.userId,
    purpose: input.purpose,
    codeHash: sha256(code),
    expiresAt,
    createdAt: input.now,
  });
  return { code, expiresAt };
}

/** Marks a link code used and answers its user, or null when it is unknown, used or expired. Atomic under races. */
export async function consumeLinkCode(db: Executor, purpose: CodePurpose, code: string, now: Date) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, sha256(code)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return row ?? null;
}

/**
 * "<keyId>:<HMAC>" under the one-time-code key (lib/keys.ts): the key id says which key made it, so a code mailed just
 * before a secret rotation still works. The user and the code's purpose are in the message, so a code is good for
 * nothing else. Hashes from before key ids (no prefix) were keyed with the secret itself.
 */
const otpMessage = (userId: string, purpose: CodePurpose, code: string) => `otp:${userId}:${purpose}:${code}`;

export const otpHash = (keys: Keyring, userId: string, purpose: CodePurpose, code: string) =>
  `${keys.current.id}:${keyedHash(keys.current.key, otpMessage(userId, purpose, code))}`;

function otpMatches(keys: Keyring, stored: string, userId: string, purpose: CodePurpose, code: string): boolean {
  const message = otpMessage(userId, purpose, code);
  const [keyId = '', hash = ''] = stored.split(':');
  if (isKeyId(keyId)) {
    const key = keys.find(keyId);
    return key ? safeEqual(hash, keyedHash(key.key, message)) : false;
  }
  return keys.all.some((key) => safeEqual(stored, hmacSha256(key.secret, message)));
}

/** A 6-digit code mailed to the user, stored as a keyed hash. */
export async function issueOtp(
  db: Executor,
  input: { userId: string; purpose: CodePurpose; ttlMs: number; now: Date; secret: Keyring; payload?: Payload },
): Promise<string> {
  await voidOpenCodes(db, input.userId, input.purpose, input.now);
  const code = randomDigits(OTP_LENGTH);
  await db.insert(oneTimeCodes).values({
    id: uuidv7(),
    userId: input.userId,
    purpose: input.purpose,
    codeHash: otpHash(input.secret, input.userId, input.purpose, code),
    payload: input.payload ?? null,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    createdAt: input.now,
  });
  return code;
}

/**
 * Checks an OTP against the user's open one. Each wrong try counts; the fifth voids the code. Answers the
 * code's payload on success and marks it used, so it cannot be replayed.
 */
export async function verifyOtp(
  db: Executor,
  input: {
    userId: string;
    purpose: CodePurpose;
    code: string;
    now: Date;
    /** The one-time-code keys (deps.keys.oneTimeCodes). */
    secret: Keyring;
    expiredMessage: string;
    /** For codes issued with a challenge: the caller must hold it, or the try is refused without counting. */
    challenge?: string;
    /** Runs once the challenge matched, before the try is counted (a per-account limit that throws). */
    onChallengeAccepted?: () => Promise<void>;
    /** Another code that may stand in for the mailed one (the authenticator's), checked once the try is counted. */
    alsoAccept?: (code: string) => Promise<boolean>;
  },
): Promise<Payload> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, input.userId),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, input.now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('InvalidCode', input.expiredMessage);
  const challengeHash = row.payload?.challengeHash;
  if (challengeHash && !safeEqual(challengeHash, sha256(input.challenge ?? ''))) {
    throw new AppError('InvalidCode', input.expiredMessage);
  }
  await input.onChallengeAccepted?.();
  // Count the try before comparing, atomically, so parallel guesses cannot share one attempt.
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt), lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ attempts: oneTimeCodes.attempts });
  if (!counted) throw new AppError('InvalidCode', input.expiredMessage);
  const matches = otpMatches(input.secret, row.codeHash, input.userId, input.purpose, input.code);
  if (!matches && !(await input.alsoAccept?.(input.code))) {
    const left = OTP_MAX_ATTEMPTS - counted.attempts;
    if (left <= 0) throw new AppError('InvalidCode', input.expiredMessage);
    throw new AppError('InvalidCode', `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`, {
      fields: { code: 'Incorrect code.' },
    });
  }
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: input.now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  if (!used) throw new AppError('InvalidCode', input.expiredMessage);
  return row.payload ?? {};
}
