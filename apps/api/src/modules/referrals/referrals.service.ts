import {
  formatCents,
  maskEmail,
  REFERRAL_PAYOUT_MILESTONE_CENTS,
  REFERRED_FIRST_CARD_REWARD_CENTS,
  type ReferralStats,
  type ReferralSummary,
  type ReferralWithdrawResponse,
} from '@coincard/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { referralRewards, referrals, referralWithdrawals, type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { uuidv7 } from '../../lib/ids.js';
import { pageMeta, pageOffset } from '../../lib/pagination.js';
import { audit } from '../audit/audit.js';
import { move } from '../ledger/ledger.service.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { LIVE_REWARD_STATUSES, referralEarnings, referralHeld } from './referral-rewards.service.js';

const PAGE_SIZE = 10;

/** GET /api/referrals: the rewards this user earned as a referrer, and their own first-card bonus as a referred user. */
export async function getReferralSummary(deps: Deps, user: UserRow, page: number): Promise<ReferralSummary> {
  const query = { page, pageSize: PAGE_SIZE };
  const [own] = await deps.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.referredUserId, user.id), eq(referrals.status, 'applied')));
  const [bonus] = own
    ? await deps.db
        .select({ amount: referralRewards.referredAmount })
        .from(referralRewards)
        .where(
          and(
            eq(referralRewards.referralId, own.id),
            eq(referralRewards.event, 'FIRST_CARD'),
            inArray(referralRewards.status, [...LIVE_REWARD_STATUSES]),
          ),
        )
    : [];
  const mine = and(eq(referralRewards.referrerId, user.id), inArray(referralRewards.status, [...LIVE_REWARD_STATUSES]));
  const rows = await deps.db
    .select({
      reward: referralRewards,
      email: users.email,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(referralRewards)
    .innerJoin(users, eq(users.id, referralRewards.referredUserId))
    .where(mine)
    .orderBy(desc(referralRewards.createdAt), desc(referralRewards.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(query));
  const total =
    rows[0]?.total ??
    (page > 1 ? ((await deps.db.select({ n: count() }).from(referralRewards).where(mine))[0]?.n ?? 0) : 0);
  return {
    firstCardCreationReward: {
      earned: Boolean(bonus),
      amount: bonus ? bonus.amount : own ? REFERRED_FIRST_CARD_REWARD_CENTS : 0,
    },
    isReferred: Boolean(own),
    referrals: rows.map(({ reward, email }) => ({
      _id: reward.id,
      createdAt: reward.createdAt.toISOString(),
      refferedUseremail: maskEmail(email),
      event: reward.event,
      referrerUserReward: reward.referrerAmount,
      status: reward.status === 'held' ? 'held' : 'paid',
    })),
    meta: pageMeta(query, total),
  };
}

/** GET /api/referrals/stats (docs/referrals.md: payouts from $25, all of it at once; held rewards wait). */
export async function getReferralStats(deps: Deps, user: UserRow): Promise<ReferralStats> {
  const [earned] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${referralRewards.referrerAmount}), 0)` })
    .from(referralRewards)
    .where(and(eq(referralRewards.referrerId, user.id), inArray(referralRewards.status, [...LIVE_REWARD_STATUSES])));
  const [withdrawn] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${referralWithdrawals.amount}), 0)` })
    .from(referralWithdrawals)
    .where(eq(referralWithdrawals.userId, user.id));
  const [referred] = await deps.db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, user.id), eq(referrals.status, 'applied')));
  const available = await balanceOf(deps.db, referralEarnings(user.id));
  return {
    totalEarnings: Number(earned?.total ?? 0),
    heldEarnings: await balanceOf(deps.db, referralHeld(user.id)),
    totalWithdrawn: Number(withdrawn?.total ?? 0),
    withdrawableAmount: available >= REFERRAL_PAYOUT_MILESTONE_CENTS ? available : 0,
    remainingToNextPayout: Math.max(0, REFERRAL_PAYOUT_MILESTONE_CENTS - available),
    availableEarnings: available,
    totalReferrals: referred?.n ?? 0,
  };
}

/**
 * POST /api/referrals/withdraw: the whole withdrawable amount into the balance. The user's row is locked, so two
 * withdrawals at once take turns and the second finds nothing left.
 */
export async function withdrawReferralEarnings(
  deps: Deps,
  user: UserRow,
  ctx: RequestContext,
): Promise<ReferralWithdrawResponse> {
  return deps.db.transaction(async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!owner || owner.suspended)
      throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
    const available = await balanceOf(tx, referralEarnings(user.id));
    if (available < REFERRAL_PAYOUT_MILESTONE_CENTS) {
      const held = await balanceOf(tx, referralHeld(user.id));
      const waiting =
        held > 0 ? ` ${formatCents(held)} more is held until your friends add money or get their card.` : '';
      throw new AppError(
        'InsufficientBalance',
        (available > 0
          ? `Referral earnings can be withdrawn from ${formatCents(REFERRAL_PAYOUT_MILESTONE_CENTS)}; you have ${formatCents(available)}.`
          : 'You have no referral earnings to withdraw yet.') + waiting,
      );
    }
    const id = uuidv7();
    await move(tx, {
      id: `referral-withdrawal:${id}`,
      kind: 'referral_withdrawal',
      from: referralEarnings(user.id),
      to: { kind: 'user_balance', userId: user.id },
      amount: available,
      metadata: { withdrawalId: id },
    });
    await tx.insert(referralWithdrawals).values({ id, userId: user.id, amount: available, createdAt: deps.now() });
    await audit(tx, {
      action: 'referral.withdrawn',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { amount: available },
    });
    return { message: `${formatCents(available)} of referral earnings moved to your balance.`, amount: available };
  });
}
