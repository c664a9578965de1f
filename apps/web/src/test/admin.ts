import type {
  AdminDashboardStats,
  AdminUserStats,
  AuditEntry,
  AuditPage,
  DailyStats,
  Deposit,
  Review,
  ReviewsPage,
} from '@coincard/shared';
import { makeDepositsPage } from './deposits';
import { makeUser } from './users';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `0190f5a2-7c1e-7b3a-9a4e-${String(900_000 + sequence).padStart(12, '0')}`;
};

/** Seven UTC days, oldest first: 2026-03-02 (a Monday) to 2026-03-08. */
export function makeWeek(rows: Partial<DailyStats>[] = []): DailyStats[] {
  return Array.from({ length: 7 }, (_, index) => ({
    date: `2026-03-0${index + 2}`,
    usersRegistered: 0,
    cardsCreated: 0,
    paidInvoices: 0,
    ...rows[index],
  }));
}

export function makeDashboardStats(
  overrides: Partial<AdminDashboardStats> = {},
  paid: { transactions?: Deposit[]; page?: number; total?: number; pages?: number } = {},
): AdminDashboardStats {
  const transactions = paid.transactions ?? [];
  return {
    totalUsers: 0,
    usersGrowth: 0,
    totalCards: 0,
    verifiedCardholders: 0,
    cardsGrowth: 0,
    totalPaidInvoices: 0,
    paidInvoicesGrowth: 0,
    totalFunds: 0,
    top5Users: [],
    last7daysStats: makeWeek(),
    openReviews: 0,
    paidTransactions: makeDepositsPage(transactions, {
      pageSize: 5,
      page: paid.page ?? 1,
      ...(paid.total === undefined ? {} : { total: paid.total }),
      ...(paid.pages === undefined ? {} : { pages: paid.pages }),
    }),
    ...overrides,
  };
}

export function makeUserStats(overrides: Partial<AdminUserStats> = {}): AdminUserStats {
  return {
    user: makeUser({ cardholderId: 'ch_1' }),
    cards: { cardsCreated: 0, activeCards: 0, totalCardBalance: 0 },
    transactions: { earnedFromCardCreation: 0, earnedFromFundingFees: 0, earnedFromMonthlyFees: 0, totalRevenue: 0 },
    referrals: { totalReferrals: 0, totalReferralEarning: 0, totalReferralWithdrawn: 0 },
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: nextId(),
    action: 'auth.login',
    actor: null,
    target: null,
    ip: '203.0.113.7',
    details: {},
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAuditPage(entries: AuditEntry[], meta: Partial<AuditPage['meta']> = {}): AuditPage {
  return {
    entries,
    meta: { page: 1, pageSize: 20, total: entries.length, pages: entries.length > 0 ? 1 : 0, ...meta },
  };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: nextId(),
    kind: 'deposit_amount_mismatch',
    subject: { type: 'deposit', id: nextId() },
    user: { _id: '0190f5a2-7c1e-7b3a-9a4e-00000000c001', email: 'dave@example.com' },
    reason: "The provider's USD value of $80.00 disagrees with 0.00057007 BTC at its own rate by more than 2%.",
    details: {
      orderId: 'cc-0190f5a2',
      providerStatus: 'paid_over',
      invoiceCents: 5000,
      coin: 'BTC',
      reportedUsdCents: 8000,
      paymentAmount: '0.00057007',
      rate: 96480.1,
      expectedUsdCents: 5500,
    },
    createdAt: '2026-03-01T10:00:00.000Z',
    lastSeenAt: '2026-03-01T10:00:00.000Z',
    resolution: null,
    ...overrides,
  };
}

export function makeReviewsPage(reviews: Review[], meta: Partial<ReviewsPage['meta']> = {}): ReviewsPage {
  return {
    reviews,
    meta: { page: 1, pageSize: 10, total: reviews.length, pages: reviews.length > 0 ? 1 : 0, ...meta },
  };
}
