import {
  DEPOSIT_MIN_CENTS,
  REFERRED_FIRST_CARD_REWARD_CENTS,
  REFERRER_FIRST_CARD_REWARD_CENTS,
  REFERRER_SIGNUP_REWARD_CENTS,
} from '@coincard/shared';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { deposits, referralRewards, referrals, type UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { audit } from '../audit/audit.js';
import { move, postTransfer } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { judgeReferral } from './referral-rules.js';

/** Released rewards, withdrawable from the payout threshold. */
export const referralEarnings = (userId: string) => ({ kind: 'referral_earnings' as const, userId });
/** Earned rewards waiting for the referred friend's money to be real (docs/referrals.md). */
export const referralHeld = (userId: string) => ({ kind: 'referral_held' as const, userId });

/** Rewards still owed to the referrer: held or released, not taken back. */
export const LIVE_REWARD_STATUSES = ['held', 'paid'] as const;

/**
 * Moves held rewards into the referrer's earnings, each once: the rows are locked and only a held row moves, under a
 * transfer id that names it.
 */
async function releaseHeld(tx: Transaction, deps: Deps, which: SQL | undefined) {
  const held = await tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.status, 'held'), which))
    .for('update');
  for (const reward of held) {
    await move(tx, {
      id: `referral-reward:${reward.id}:release`,
      kind: 'referral_reward_release',
      from: referralHeld(reward.referrerId),
      to: referralEarnings(reward.referrerId),
      amount: reward.referrerAmount,
      metadata: { rewardId: reward.id, event: reward.event },
    });
    await tx
      .update(referralRewards)
      .set({ status: 'paid', releasedAt: deps.now() })
      .where(eq(referralRewards.id, reward.id));
  }
}

/**
 * Whether the friend has brought real money: top-ups credited for at least the smallest top-up one can order. Any
 * credit would not do: an underpaid invoice credits what arrived, so a cent per throwaway account would release a
 * dollar per sign-up.
 */
async function hasBroughtMoney(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ credited: sql<string>`coalesce(sum(${deposits.creditedAmount}), 0)` })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), gt(deposits.creditedAmount, 0)));
  return Number(row?.credited ?? 0) >= DEPOSIT_MIN_CENTS;
}

/**
 * At the new user's verification, in its transaction: the referral is judged once and recorded, applied or not; an
 * applied one earns the referrer the SIGNUP reward, held until the new user's first top-up is credited. The
 * verification code is single use and referrals are unique per referred user, so however often or at once the link
 * is opened (or the account is verified by a password reset instead), this happens once.
 */
export async function recordReferralAtVerification(
  tx: Transaction,
  deps: Deps,
  user: UserRow,
  options: { byPasswordReset?: boolean } = {},
) {
  const verdict = await judgeReferral(tx, user, options);
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
  if (inserted.length === 0) return { referralAttempted: true, referrerEligible: verdict.applies };
  if (verdict.applies) {
    await tx.insert(referralRewards).values({
      id: uuidv7(),
      referralId: id,
      referrerId: verdict.referrerId,
      referredUserId: user.id,
      event: 'SIGNUP',
      referrerAmount: REFERRER_SIGNUP_REWARD_CENTS,
      createdAt: deps.now(),
    });
    await move(tx, {
      id: `referral:${id}:signup`,
      kind: 'referral_reward',
      from: platformAccount('expense_referral_rewards', user.id),
      to: referralHeld(verdict.referrerId),
      amount: REFERRER_SIGNUP_REWARD_CENTS,
      metadata: { referralId: id, event: 'SIGNUP' },
    });
    await releaseSignupReward(tx, deps, user.id);
  }
  await audit(tx, {
    action: verdict.applies ? 'referral.applied' : 'referral.not_applied',
    actorId: user.id,
    targetUserId: verdict.referrerId,
    details: verdict.applies ? {} : { reason: verdict.reason },
  });
  return { referralAttempted: true, referrerEligible: verdict.applies };
}

/**
 * With a credited top-up, in its transaction (after the deposit row is updated): once the friend's credited top-ups
 * reach the smallest top-up ($10), the referrer's SIGNUP reward for them becomes withdrawable.
 */
export async function releaseSignupReward(tx: Transaction, deps: Deps, referredUserId: string): Promise<void> {
  if (!(await hasBroughtMoney(tx, referredUserId))) return;
  await releaseHeld(
    tx,
    deps,
    and(eq(referralRewards.referredUserId, referredUserId), eq(referralRewards.event, 'SIGNUP')),
  );
}

/** When the issuer has issued the card, in its activation transaction: the FIRST_CARD reward it earned is released. */
export async function releaseFirstCardReward(tx: Transaction, deps: Deps, cardId: string): Promise<void> {
  await releaseHeld(tx, deps, and(eq(referralRewards.cardId, cardId), eq(referralRewards.event, 'FIRST_CARD')));
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
 * creations at once take turns): $5 to the referred user's balance, and $5 earned by the referrer, held until the
 * issuer has issued the card. It is earned once per referral: a card refused by the issuer gives it back (see
 * reverseFirstCardReward), and the next card created earns it; a card deleted since keeps it. Answers the cents the
 * referred user received (the create-card answer's `reward`).
 */
export async function payFirstCardReward(tx: Transaction, deps: Deps, userId: string, cardId: string): Promise<number> {
  const referral = await appliedReferralOf(tx, userId);
  if (!referral?.referrerId) return 0;
  const [earned] = await tx
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.referralId, referral.id),
        eq(referralRewards.event, 'FIRST_CARD'),
        inArray(referralRewards.status, [...LIVE_REWARD_STATUSES]),
      ),
    );
  if (earned) return 0;
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
      { account: referralHeld(referral.referrerId), amount: REFERRER_FIRST_CARD_REWARD_CENTS },
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
 * The issuer refused the card whose creation earned the FIRST_CARD reward, in the refund's transaction: the reward is
 * taken back, so a later first card earns it. Neither part can fail: the referrer's part is still held (it is
 * released only when the card is issued), and the referred user's $5 comes back after the card's larger fee was
 * returned to the same balance in this transaction.
 */
export async function reverseFirstCardReward(tx: Transaction, cardId: string): Promise<void> {
  const [reward] = await tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.cardId, cardId), eq(referralRewards.status, 'held')))
    .for('update');
  if (!reward) return;
  await postTransfer(tx, {
    id: `referral:${reward.referralId}:first-card:${cardId}:reverse`,
    kind: 'referral_reward_reversal',
    metadata: { referralId: reward.referralId, cardId },
    postings: [
      { account: { kind: 'user_balance', userId: reward.referredUserId }, amount: -reward.referredAmount },
      { account: referralHeld(reward.referrerId), amount: -reward.referrerAmount },
      {
        account: platformAccount('expense_referral_rewards', reward.referredUserId),
        amount: reward.referredAmount + reward.referrerAmount,
      },
    ],
  });
  await tx.update(referralRewards).set({ status: 'reversed' }).where(eq(referralRewards.id, reward.id));
  await audit(tx, {
    action: 'referral.first_card_reward_reversed',
    targetUserId: reward.referrerId,
    details: { cardId, referredUserId: reward.referredUserId },
  });
}
