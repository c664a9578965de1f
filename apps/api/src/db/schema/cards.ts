import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CARD_STATUSES = ['pending', 'active', 'frozen', 'terminated', 'failed'] as const;

/**
 * A user's virtual card. The money on it lives in the ledger (account `card`, ref = card id); the issuer's own
 * balance is compared with it by reconciliation, never copied over it. Rows are never deleted: a deleted card is
 * `terminated` and kept for history and admin figures.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuer: text('issuer').notNull(),
    issuerCardId: text('issuer_card_id'),
    name: text('name').notNull(),
    status: text('status', { enum: CARD_STATUSES }).notNull().default('pending'),
    /**
     * Why a frozen card is frozen: the user, an unpaid monthly fee, an admin, or a spending limit reached on an issuer
     * that cannot refuse purchases (decision 033).
     */
    frozenReason: text('frozen_reason', { enum: ['user', 'unpaid_fee', 'admin', 'limit'] }),
    /** Under a support block: why the card was frozen before it (null when it was active), restored when lifted. */
    frozenReasonBeforeBlock: text('frozen_reason_before_block', { enum: ['user', 'unpaid_fee', 'limit'] }),
    last4: text('last4'),
    holderName: text('holder_name'),
    /** While the issuer has not confirmed creation, the PIN sealed with the app key, so a retry can resend it. */
    pendingPinSealed: text('pending_pin_sealed'),
    creationAttempts: integer('creation_attempts').notNull().default(0),
    nextCreationAttemptAt: ts('next_creation_attempt_at'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The next monthly fee falls due then (a month after creation, then monthly). */
    nextFeeDueAt: ts('next_fee_due_at').notNull(),
    /** When the issuer deleted the card after it was terminated here. */
    issuerClosedAt: ts('issuer_closed_at'),
    /** The close-deleted-cards job's next look at a terminated card, backing off while the issuer will not close it. */
    closeAttempts: integer('close_attempts').notNull().default(0),
    nextCloseAttemptAt: ts('next_close_attempt_at'),
    /** Spending controls (decision 033): cents, null for no limit. */
    limitPerPurchase: bigint('limit_per_purchase', { mode: 'number' }),
    limitDaily: bigint('limit_daily', { mode: 'number' }),
    limitMonthly: bigint('limit_monthly', { mode: 'number' }),
    /** Only the merchant of the card's first approved purchase may charge it. */
    merchantLock: boolean('merchant_lock').notNull().default(false),
    /** Merchant category ids (packages/shared MERCHANT_CATEGORIES) refused at authorization. */
    blockedCategories: text('blocked_categories').array().notNull().default(sql`'{}'::text[]`),
    /** Closes after its first purchase; chosen at creation, never changed. */
    singleUse: boolean('single_use').notNull().default(false),
    /** Reconciliation's lease and last look. */
    balanceCheckedAt: ts('balance_checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    terminatedAt: ts('terminated_at'),
  },
  (t) => [
    uniqueIndex('cards_issuer_card_unique').on(t.issuer, t.issuerCardId),
    uniqueIndex('cards_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('cards_user_created_idx').on(t.userId, t.createdAt),
    index('cards_fee_due_idx').on(t.nextFeeDueAt).where(sql`${t.status} in ('active', 'frozen')`),
    index('cards_pending_idx').on(t.nextCreationAttemptAt).where(sql`${t.status} = 'pending'`),
    check('cards_status_check', sql`${t.status} in ('pending', 'active', 'frozen', 'terminated', 'failed')`),
    check(
      'cards_limits_check',
      sql`coalesce(${t.limitPerPurchase}, 1) > 0 and coalesce(${t.limitDaily}, 1) > 0 and coalesce(${t.limitMonthly}, 1) > 0`,
    ),
    check('cards_name_check', sql`char_length(${t.name}) between 1 and 32`),
    check(
      'cards_frozen_reason_check',
      sql`(${t.status} = 'frozen') = (${t.frozenReason} is not null) or ${t.status} in ('terminated', 'failed')`,
    ),
  ],
);
export type CardRow = typeof cards.$inferSelect;

export const CARD_OPERATION_KINDS = ['fund', 'unload', 'close', 'fee'] as const;
export type CardOperationKind = (typeof CARD_OPERATION_KINDS)[number];

/**
 * Money on its way between the platform and the issuer for one card: the queue of funds and unloads. Its id is
 * the issuer's transaction_reference. While pending or submitted the money sits in the card's in-transit ledger
 * account; completion moves it on, failure moves it back.
 */
export const cardOperations = pgTable(
  'card_operations',
  {
    id: uuid('id').primaryKey(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** fund: balance to card; unload: card to balance; close: everything back on deletion; fee: a monthly fee. */
    kind: text('kind', { enum: CARD_OPERATION_KINDS }).notNull(),
    /** Cents put on or taken off the card. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The load fee, paid from the balance with a fund. */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['pending', 'submitted', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the settle job next looks at it (submit again, or ask the issuer how it ended). */
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('card_operations_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('card_operations_card_created_idx').on(t.cardId, t.createdAt),
    index('card_operations_user_idx').on(t.userId),
    index('card_operations_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'submitted')`),
    check('card_operations_kind_check', sql`${t.kind} in ('fund', 'unload', 'close', 'fee')`),
    check('card_operations_status_check', sql`${t.status} in ('pending', 'submitted', 'completed', 'failed')`),
    check('card_operations_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);
export type CardOperationRow = typeof cardOperations.$inferSelect;

/** One row per card per billing month: the primary key is what makes a fee charged once. */
export const cardMonthlyFees = pgTable(
  'card_monthly_fees',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'restrict' }),
    /** 1 for the month after the first (the creation fee covers month 0). */
    period: integer('period').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueAt: ts('due_at').notNull(),
    /** waived: unpaid when the card was deleted and nothing could pay it. */
    status: text('status', { enum: ['paid', 'collecting', 'unpaid', 'waived'] }).notNull(),
    paidFrom: text('paid_from', { enum: ['balance', 'card'] }),
    operationId: uuid('operation_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.period] }),
    index('card_monthly_fees_unpaid_idx').on(t.cardId).where(sql`${t.status} = 'unpaid'`),
    index('card_monthly_fees_user_idx').on(t.userId),
    check('card_monthly_fees_status_check', sql`${t.status} in ('paid', 'collecting', 'unpaid', 'waived')`),
  ],
);
