import { REFERRAL_LINK_MIN_BALANCE_CENTS } from '@coincard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { userBalanceSql } from '../ledger/ledger-read.js';

export type ReferralVerdict =
  | { applies: true; referrerId: string }
  | {
      applies: false;
      referrerId: string | null;
      reason:
        | 'invalid_code'
        | 'referrer_not_found'
        | 'self'
        | 'same_person'
        | 'referrer_not_verified'
        | 'referrer_suspended'
        | 'referrer_not_a_user'
        | 'referrer_balance_low'
        | 'verified_by_password_reset';
    };

/** The mailbox an address reaches: lower case, without a "+tag" ("ann+x@mail.com" is ann@mail.com). */
export function mailbox(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
}

/**
 * A referral applies (docs/referrals.md, Who refers whom) when the referrer exists, is verified, not suspended, is not
 * the new user (nor the new user's own address with a "+tag"), and holds at least $50 at the new user's verification
 * by the verification link.
 */
export async function judgeReferral(
  db: Executor,
  user: UserRow,
  options: { byPasswordReset?: boolean } = {},
): Promise<ReferralVerdict | null> {
  const code = user.referredByCode?.trim();
  if (!code) return null;
  if (!z.uuid().safeParse(code).success) return { applies: false, referrerId: null, reason: 'invalid_code' };
  const referrerId = code.toLowerCase();
  if (referrerId === user.id) return { applies: false, referrerId: null, reason: 'self' };
  const [referrer] = await db
    .select({ user: users, balance: userBalanceSql() })
    .from(users)
    .where(eq(users.id, referrerId));
  if (!referrer) return { applies: false, referrerId: null, reason: 'referrer_not_found' };
  const no = (reason: Extract<ReferralVerdict, { applies: false }>['reason']): ReferralVerdict => ({
    applies: false,
    referrerId,
    reason,
  });
  // The code came with whichever sign-up first typed this address, and only the verification link proves that sign-up
  // was the mailbox owner's: verified by a reset instead, the code may be a stranger's who signed the address up first.
  if (options.byPasswordReset) return no('verified_by_password_reset');
  if (mailbox(referrer.user.email) === mailbox(user.email)) return no('same_person');
  if (referrer.user.role !== 'user') return no('referrer_not_a_user');
  if (!referrer.user.verified) return no('referrer_not_verified');
  if (referrer.user.suspended) return no('referrer_suspended');
  if (referrer.balance < REFERRAL_LINK_MIN_BALANCE_CENTS) return no('referrer_balance_low');
  return { applies: true, referrerId };
}
