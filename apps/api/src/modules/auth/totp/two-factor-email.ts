import { OTP_LENGTH } from '@coincard/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { oneTimeCodes, users } from '../../../db/schema/index.js';
import type { Deps, RequestContext } from '../../../deps.js';
import { AppError } from '../../../lib/app-error.js';
import { randomDigits, safeEqual, sha256 } from '../../../lib/crypto.js';
import { limitedAddress } from '../../../lib/ip-networks.js';
import { hitRateLimit, RATE_RULES } from '../../../lib/rate-limit.js';
import { enqueueMail } from '../../../providers/mail/mail-queue.js';
import { audit } from '../../audit/audit.js';
import { TWO_FACTOR_EXPIRED } from '../auth.service.js';
import { otpHash } from '../one-time-codes.service.js';

/**
 * "Send me an e-mail code instead" at the 2FA step of a user whose authenticator is on. Only when the e-mail code
 * is on too (it is a second factor the user chose, not a way around the authenticator). The code goes into the
 * sign-in's own challenge row, whose tries already counted stay counted, so asking again buys no extra guesses.
 */
export async function mailTwoFactorCodeInstead(
  deps: Deps,
  input: { userId: string; challenge: string | undefined },
  ctx: RequestContext,
): Promise<void> {
  const now = deps.now();
  const userId = input.userId.toLowerCase();
  await hitRateLimit(deps.db, RATE_RULES.twoFactorIp, limitedAddress(ctx.ip), now);
  const [row] = await deps.db
    .select({ code: oneTimeCodes, user: users })
    .from(oneTimeCodes)
    .innerJoin(users, eq(users.id, oneTimeCodes.userId))
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'two_factor'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const challengeHash = row?.code.payload?.challengeHash;
  if (!row || !challengeHash || !safeEqual(challengeHash, sha256(input.challenge ?? ''))) {
    throw new AppError('InvalidCode', TWO_FACTOR_EXPIRED);
  }
  if (!row.user.twoFactorEnabled) {
    throw new AppError('ValidationError', 'E-mail codes are off for this account. Use your authenticator app.');
  }
  await hitRateLimit(deps.db, RATE_RULES.otpSendAccount, userId, now);
  const code = randomDigits(OTP_LENGTH);
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(oneTimeCodes)
      .set({ codeHash: otpHash(deps.keys.oneTimeCodes, userId, 'two_factor', code) })
      .where(and(eq(oneTimeCodes.id, row.code.id), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id });
    if (!updated) throw new AppError('InvalidCode', TWO_FACTOR_EXPIRED);
    await enqueueMail(deps, tx, deps.mail.twoFactorCode(row.user.email, code));
    await audit(tx, { action: 'auth.two_factor_sent', targetUserId: userId, ip: ctx.ip, details: { asked: true } });
  });
}
