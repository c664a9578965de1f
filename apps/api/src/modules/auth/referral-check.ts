import { REFERRAL_LINK_MIN_BALANCE_CENTS } from '@coincard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { userBalanceSql } from '../ledger/ledger-read.js';

/**
 * decisions.md section 6: a referral applies when the referrer exists, is verified, not suspended, is not the
 * new user, and holds at least $50 at the new user's verification.
 */
export async function evaluateReferral(db: Executor, user: UserRow) {
  const code = user.referredByCode;
  if (!code) return { referralAttempted: false, referrerEligible: false };
  if (!z.uuid().safeParse(code).success || code === user.id)
    return { referralAttempted: true, referrerEligible: false };
  const [referrer] = await db
    .select({ user: users, balance: userBalanceSql(users.id) })
    .from(users)
    .where(eq(users.id, code));
  const eligible = Boolean(
    referrer?.user.verified && !referrer.user.suspended && referrer.balance >= REFERRAL_LINK_MIN_BALANCE_CENTS,
  );
  return { referralAttempted: true, referrerEligible: eligible };
}
