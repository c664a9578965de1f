import {
  type AdminDashboardStats,
  type AdminUserStats,
  CARD_CREATION_FEE_CENTS,
  type DailyStats,
} from '@coincard/shared';
import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import {
  cardMonthlyFees,
  cardOperations,
  cards,
  deposits,
  referralRewards,
  referrals,
  referralWithdrawals,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { pageMeta, pageOffset } from '../../lib/pagination.js';
import { LIVE_STATUSES } from '../cards/card-access.js';
import { toDepositDto } from '../deposits/deposit-dto.js';
import { balancesByRef, userBalanceSql } from '../ledger/ledger-read.js';
import { LIVE_REWARD_STATUSES } from '../referrals/referral-rewards.service.js';
import { countOpenReviews } from '../reviews/reviews.service.js';
import { toUserDto } from '../users/users.service.js';

const PAID = ['PAID', 'PAID_OVER', 'PAID_LESS'] as const;
const DAY_MS = 24 * 60 * 60_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The last 7 days against the 7 before, per cent with one decimal; 100 from nothing (docs/admin.md, Figures). */
export function growth(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

type DayTotals = { usersRegistered: number; cardsCreated: number; paidInvoices: number; fundsLoaded: number };

/**
 * GET /api/admin/stats/dashboard. Every figure comes from platform_daily_stats (kept exact by triggers, a few rows a
 * day), user_load_totals (indexed) and one indexed page of paid top-ups, so it costs the same at a million rows.
 */
export async function getDashboardStats(deps: Deps, paidPage: number): Promise<AdminDashboardStats> {
  const rows = await executeRows<{
    day: string;
    users: string;
    cards: string;
    paid: string;
    funds: string;
  }>(
    deps.db,
    sql`select day::text as day, sum(users_registered) as users, sum(cards_created) as cards,
          sum(paid_invoices) as paid, sum(funds_loaded) as funds
        from platform_daily_stats group by day`,
  );
  const byDay = new Map<string, DayTotals>(
    rows.map((row) => [
      String(row.day).slice(0, 10),
      {
        usersRegistered: Number(row.users),
        cardsCreated: Number(row.cards),
        paidInvoices: Number(row.paid),
        fundsLoaded: Number(row.funds),
      },
    ]),
  );
  const total = (field: keyof DayTotals) => [...byDay.values()].reduce((sum, day) => sum + day[field], 0);
  const today = new Date(`${dayOf(deps.now())}T00:00:00Z`).getTime();
  const days = (fromDaysAgo: number, toDaysAgo: number) =>
    Array.from({ length: fromDaysAgo - toDaysAgo + 1 }, (_, i) => dayOf(new Date(today - (fromDaysAgo - i) * DAY_MS)));
  const sumOver = (dates: string[], field: keyof DayTotals) =>
    dates.reduce((sum, date) => sum + (byDay.get(date)?.[field] ?? 0), 0);
  const lastWeek = days(6, 0);
  const weekBefore = days(13, 7);
  const weekGrowth = (field: keyof DayTotals) => growth(sumOver(lastWeek, field), sumOver(weekBefore, field));

  const top = await deps.db.execute(sql`
    select u.id, u.email, l.loaded from user_load_totals l join users u on u.id = l.user_id
    where l.loaded > 0 order by l.loaded desc, u.id limit 5`);
  const query = { page: paidPage, pageSize: 5 };
  // The page's ids come off the partial (updated_at, id) index alone, so a deep page skips index entries, not rows
  // joined to their users; only the five rows are then read and joined.
  const paidIds = await deps.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(inArray(deposits.status, [...PAID]))
    .orderBy(desc(deposits.updatedAt), desc(deposits.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const paid =
    paidIds.length === 0
      ? []
      : await deps.db
          .select({ deposit: deposits, email: users.email })
          .from(deposits)
          .innerJoin(users, eq(users.id, deposits.userId))
          .where(
            inArray(
              deposits.id,
              paidIds.map((row) => row.id),
            ),
          )
          .orderBy(desc(deposits.updatedAt), desc(deposits.id));

  return {
    totalUsers: total('usersRegistered'),
    usersGrowth: weekGrowth('usersRegistered'),
    totalCards: total('cardsCreated'),
    verifiedCardholders: await countVerifiedCardholders(deps),
    cardsGrowth: weekGrowth('cardsCreated'),
    totalPaidInvoices: total('paidInvoices'),
    paidInvoicesGrowth: weekGrowth('paidInvoices'),
    totalFunds: total('fundsLoaded'),
    top5Users: (top as unknown as { rows: Array<{ id: string; email: string; loaded: string }> }).rows.map((row) => ({
      _id: row.id,
      email: row.email,
      accountLoad: Number(row.loaded),
    })),
    last7daysStats: lastWeek.map(
      (date): DailyStats => ({
        date,
        usersRegistered: byDay.get(date)?.usersRegistered ?? 0,
        cardsCreated: byDay.get(date)?.cardsCreated ?? 0,
        paidInvoices: byDay.get(date)?.paidInvoices ?? 0,
      }),
    ),
    paidTransactions: {
      transactions: paid.map((row) => toDepositDto(row.deposit, row.email)),
      meta: pageMeta(query, total('paidInvoices')),
    },
    openReviews: await countOpenReviews(deps),
  };
}

/** Users the card issuer has verified (an index-only count over users_cardholders_idx). */
async function countVerifiedCardholders(deps: Deps): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(users).where(isNotNull(users.cardholderId));
  return row?.n ?? 0;
}

const sumOf = async (query: Promise<Array<{ total: string | number | null }>>) => Number((await query)[0]?.total ?? 0);

/** GET /api/admin/stats/user/{id}: one user's cards, what the platform earned from them, and their referrals. */
export async function getUserStats(deps: Deps, userId: string): Promise<AdminUserStats> {
  const [row] = await deps.db
    .select({ user: users, balance: userBalanceSql() })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  const own = await deps.db
    .select({ id: cards.id, status: cards.status })
    .from(cards)
    .where(and(eq(cards.userId, userId), ne(cards.status, 'failed')));
  const live = own.filter((card) => (LIVE_STATUSES as readonly string[]).includes(card.status)).map((card) => card.id);
  const balances = await balancesByRef(deps.db, 'card', live);
  const fundingFees = await sumOf(
    deps.db
      .select({ total: sql<string>`sum(${cardOperations.fee})` })
      .from(cardOperations)
      .where(
        and(eq(cardOperations.userId, userId), eq(cardOperations.kind, 'fund'), ne(cardOperations.status, 'failed')),
      ),
  );
  const monthlyFees = await sumOf(
    deps.db
      .select({ total: sql<string>`sum(${cardMonthlyFees.amount})` })
      .from(cardMonthlyFees)
      .where(and(eq(cardMonthlyFees.userId, userId), eq(cardMonthlyFees.status, 'paid'))),
  );
  const [referred] = await deps.db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, userId), eq(referrals.status, 'applied')));
  const earned = await sumOf(
    deps.db
      .select({ total: sql<string>`sum(${referralRewards.referrerAmount})` })
      .from(referralRewards)
      .where(and(eq(referralRewards.referrerId, userId), inArray(referralRewards.status, [...LIVE_REWARD_STATUSES]))),
  );
  const withdrawn = await sumOf(
    deps.db
      .select({ total: sql<string>`sum(${referralWithdrawals.amount})` })
      .from(referralWithdrawals)
      .where(eq(referralWithdrawals.userId, userId)),
  );
  const creationFees = own.length * CARD_CREATION_FEE_CENTS;
  return {
    user: toUserDto(row.user, row.balance),
    cards: {
      cardsCreated: own.length,
      activeCards: own.filter((card) => card.status === 'active').length,
      totalCardBalance: [...balances.values()].reduce((sum, balance) => sum + balance, 0),
    },
    transactions: {
      earnedFromCardCreation: creationFees,
      earnedFromFundingFees: fundingFees,
      earnedFromMonthlyFees: monthlyFees,
      totalRevenue: creationFees + fundingFees + monthlyFees,
    },
    referrals: {
      totalReferrals: referred?.n ?? 0,
      totalReferralEarning: earned,
      totalReferralWithdrawn: withdrawn,
    },
  };
}
