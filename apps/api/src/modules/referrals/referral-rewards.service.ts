import {
  REFERRED_FIRST_CARD_REWARD_CENTS,
  REFERRER_FIRST_CARD_REWARD_CENTS,
  REFERRER_SIGNUP_REWARD_CENTS,
} from '@coincard/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { referralRewards, referrals, type UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { audit } from '../audit/audit.js';
import { InsufficientFunds, postTransfer } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { judgeReferral } from './referral-rules.js';

export const referralEarnings = (userId: string) => ({ kind: 'referral_earnings' as const, userId });

/**
 * At the new user's verification, in its transaction: the referral is judged once and recorded, applied or not;
 * an applied one pays the referrer's SIGNUP reward. The verification code is single use and referrals are unique
 * per referred user, so however often or at once the link is opened, this happens once.
 */
export async function recordReferralAtVerification(tx: Transaction, deps: Deps, user: UserRow) {
  const verdict = await judgeReferral(tx, user);
  if (!verdict) return { referralAttempted: false, referrerEligible: false };
  const id = uuidv7();
  const inserted = await tx
    .insert(referrals)
    .values({
      id,
      referredUserId: user.id,
      referrerId: verdict.referrerId,
      code: user.referredByCode ?? '',
      status: verdict.applies ? 'applied' : 'not_applied',
      reason: verdict.applies ? null : verdict.reason,
      createdAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  if (inserted.length > 0 && verdict.applies) {
    await tx.insert(referralRewards).values({
      id: uuidv7(),
      referralId: id,
      referrerId: verdict.referrerId,
      referredUserId: user.id,
      event: 'SIGNUP',
      referrerAmount: REFERRER_SIGNUP_REWARD_CENTS,
      createdAt: deps.now(),
    });
    await postTransfer(tx, {
      id: `referral:${id}:signup`,
      kind: 'referral_reward',
      metadata: { referralId: id, event: 'SIGNUP' },
      postings: [
        { account: platformAccount('expense_referral_rewards', user.id), amount: -REFERRER_SIGNUP_REWARD_CENTS },
        { account: referralEarnings(verdict.referrerId), amount: REFERRER_SIGNUP_REWARD_CENTS },
      ],
    });
  }
  await audit(tx, {
    action: verdict.applies ? 'referral.applied' : 'referral.not_applied',
    actorId: user.id,
    targetUserId: verdict.referrerId,
    details: verdict.applies ? {} : { reason: verdict.reason },
  });
  return { referralAttempted: true, referrerEligible: verdict.applies };
}

async function appliedReferralOf(db: Executor, userId: string) {
  const [referral] = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredUserId, userId), eq(referrals.status, 'applied')));
  return referral ?? null;
}

/**
 * With the referred user's first card, in the card's creation transaction (which holds the user's row lock, so
 * creations at once take turns): $5 to the referrer's earnings and $5 to the referred user's balance, once per
 * referral. Answers the cents the referred user received (the create-card answer's `reward`).
 */
export async function payFirstCardReward(tx: Transaction, deps: Deps, userId: string, cardId: string): Promise<number> {
  const referral = await appliedReferralOf(tx, userId);
  if (!referral?.referrerId) return 0;
  const [paid] = await tx
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.referralId, referral.id),
        eq(referralRewards.event, 'FIRST_CARD'),
        eq(referralRewards.status, 'paid'),
      ),
    );
  if (paid) return 0;
  await tx.insert(referralRewards).values({
    id: uuidv7(),
    referralId: referral.id,
    referrerId: referral.referrerId,
    referredUserId: userId,
    event: 'FIRST_CARD',
    referrerAmount: REFERRER_FIRST_CARD_REWARD_CENTS,
    referredAmount: REFERRED_FIRST_CARD_REWARD_CENTS,
    cardId,
    createdAt: deps.now(),
  });
  await postTransfer(tx, {
    id: `referral:${referral.id}:first-card:${cardId}`,
    kind: 'referral_reward',
    metadata: { referralId: referral.id, event: 'FIRST_CARD', cardId },
    postings: [
      {
        account: platformAccount('expense_referral_rewards', userId),
        amount: -(REFERRER_FIRST_CARD_REWARD_CENTS + REFERRED_FIRST_CARD_REWARD_CENTS),
      },
      { account: referralEarnings(referral.referrerId), amount: REFERRER_FIRST_CARD_REWARD_CENTS },
      { account: { kind: 'user_balance', userId }, amount: REFERRED_FIRST_CARD_REWARD_CENTS },
    ],
  });
  await audit(tx, {
    action: 'referral.first_card_reward',
    actorId: userId,
    targetUserId: referral.referrerId,
    details: { cardId, referrer: REFERRER_FIRST_CARD_REWARD_CENTS, referred: REFERRED_FIRST_CARD_REWARD_CENTS },
  });
  return REFERRED_FIRST_CARD_REWARD_CENTS;
}

/**
 * The issuer refused the card whose creation paid the FIRST_CARD reward: the reward is taken back (so a later first
 * card earns it) along with the card's fee. Whatever part the referrer has already withdrawn stays with them,
 * written off to the platform.
 */
export async function reverseFirstCardReward(tx: Transaction, deps: Deps, cardId: string): Promise<void> {
  const [reward] = await tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.cardId, cardId), eq(referralRewards.status, 'paid')))
    .for('update');
  if (!reward) return;
  const expense = platformAccount('expense_referral_rewards', reward.referredUserId);
  const takeBack = async (postings: Parameters<typeof postTransfer>[1]['postings'], part: string) =>
    postTransfer(tx, {
      id: `referral:${reward.referralId}:first-card:${cardId}:reverse-${part}`,
      kind: 'referral_reward_reversal',
      metadata: { referralId: reward.referralId, cardId },
      postings,
    });
  await takeBack(
    [
      { account: { kind: 'user_balance', userId: reward.referredUserId }, amount: -reward.referredAmount },
      { account: expense, amount: reward.referredAmount },
    ],
    'referred',
  );
  try {
    await takeBack(
      [
        { account: referralEarnings(reward.referrerId), amount: -reward.referrerAmount },
        { account: expense, amount: reward.referrerAmount },
      ],
      'referrer',
    );
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    deps.logger.warn({ cardId, referrerId: reward.referrerId }, 'referrer already withdrew a reversed reward');
  }
  await tx.update(referralRewards).set({ status: 'reversed' }).where(eq(referralRewards.id, reward.id));
}
