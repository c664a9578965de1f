import { z } from 'zod';
import { cardSchema } from './cards.js';
import { adminListQuerySchema, idSchema, pageMetaSchema, paginationQuerySchema } from './common.js';
import { depositSchema } from './deposits.js';
import { userSchema } from './user.js';

export const adminDashboardQuerySchema = z.object({
  /** The page of Recent Platform Transactions, 5 per page. */
  paidPage: z.coerce
    .number({ message: 'paidPage must be a number.' })
    .int('paidPage must be a whole number.')
    .min(1, 'paidPage must be at least 1.')
    .max(1_000_000, 'paidPage is too large.')
    .default(1),
});

export const dailyStatsSchema = z.object({
  /** A UTC day, YYYY-MM-DD. */
  date: z.string(),
  usersRegistered: z.number().int(),
  cardsCreated: z.number().int(),
  paidInvoices: z.number().int(),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

export const adminDashboardStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Per cent, one decimal: the last 7 days against the 7 before (100 when the week before had none). */
  usersGrowth: z.number(),
  totalCards: z.number().int(),
  /** Users whose identity the card issuer has verified (cardholders), legacy cardholders included. */
  verifiedCardholders: z.number().int(),
  cardsGrowth: z.number(),
  totalPaidInvoices: z.number().int(),
  paidInvoicesGrowth: z.number(),
  /** Cents credited by paid top-ups, to date. */
  totalFunds: z.number().int(),
  top5Users: z.array(z.object({ _id: z.string(), email: z.string(), accountLoad: z.number().int() })),
  /** One row per UTC day, oldest first, today last. */
  last7daysStats: z.array(dailyStatsSchema),
  paidTransactions: z.object({ transactions: z.array(depositSchema), meta: pageMetaSchema }),
  /** Disagreements waiting for a person (GET /admin/reviews). */
  openReviews: z.number().int(),
});
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsSchema>;

export const adminUserStatsSchema = z.object({
  user: userSchema,
  cards: z.object({
    cardsCreated: z.number().int(),
    activeCards: z.number().int(),
    /** Cents on the user's live cards. */
    totalCardBalance: z.number().int(),
  }),
  transactions: z.object({
    earnedFromCardCreation: z.number().int(),
    earnedFromFundingFees: z.number().int(),
    earnedFromMonthlyFees: z.number().int(),
    totalRevenue: z.number().int(),
  }),
  referrals: z.object({
    totalReferrals: z.number().int(),
    totalReferralEarning: z.number().int(),
    totalReferralWithdrawn: z.number().int(),
  }),
});
export type AdminUserStats = z.infer<typeof adminUserStatsSchema>;

/** A card as an admin sees it: every card the user ever had, deleted ones included. */
export const adminCardSchema = cardSchema.extend({ status: z.enum(['pending', 'active', 'frozen', 'terminated']) });
export const adminCardsSchema = z.array(adminCardSchema);

export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  actor: z.object({ _id: z.string(), email: z.string() }).nullable(),
  target: z.object({ _id: z.string(), email: z.string() }).nullable(),
  /** Where the request came from. */
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), meta: pageMetaSchema });
export type AuditPage = z.infer<typeof auditPageSchema>;

const isoDate = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label} must be a date and time like 2026-11-22T00:00:00Z.` })
    // An offset can push 0001-01-01 into year 0 or 9999-12-31 into year 10000, which the database refuses: the
    // instant itself must fall between 2000 and 9999.
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 2000 && year <= 9999;
    }, `${label} must be between the years 2000 and 9999.`);

export const auditQuerySchema = paginationQuerySchema.extend({
  actorId: idSchema.optional(),
  targetUserId: idSchema.optional(),
  action: z.string().trim().max(100, 'action must be at most 100 characters.').optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
});

export const userDepositsQuerySchema = adminListQuerySchema;

export type AdminCard = z.infer<typeof adminCardSchema>;

/** PATCH /admin/cards/{cardId}/freeze|unfreeze: the card as an admin sees it afterwards. */
export const adminCardActionResponseSchema = z.object({ message: z.string(), card: adminCardSchema });

/**
 * PATCH /admin/suspend/{id}. `suspended` says which state is wanted, so a double click or a retried request cannot
 * undo itself; without it the account's state is flipped, as the endpoint was first described.
 */
export const suspendUserBodySchema = z
  .object({ suspended: z.boolean({ message: 'suspended must be true or false.' }).optional() })
  .nullish();

/** PATCH /admin/suspend/{id}: the state the request left the account in. */
export const toggleSuspensionResponseSchema = z.object({ message: z.string(), isSuspended: z.boolean() });

/** PATCH /admin/2fa/{id}. */
export const toggleUserTwoFactorResponseSchema = z.object({ message: z.string(), isTwoFactorEnabled: z.boolean() });
