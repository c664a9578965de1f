import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What the provider's signed webhook said about a payment, kept for when its info answer (which reconciliation reads)
 * leaves the USD value out: `payment_amount_usd` in cents, rounded down, and `payment_amount` in the payer's coin.
 */
export type WebhookReport = {
  providerStatus: string;
  usdCents: number | null;
  paymentAmount: string | null;
  payerCurrency: string | null;
};

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Our order id at the provider: unique, so asking twice never makes two invoices. */
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** USD cents the provider says it received. */
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    /** What the ledger credited: set once, in the same transaction as the credit. */
    creditedAmount: bigint('credited_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['PENDING', 'PAID', 'PAID_OVER', 'PAID_LESS', 'EXPIRED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    providerStatus: text('provider_status'),
    /** The last signed webhook reporting a payment (paid, paid over, paid less) while the deposit was PENDING. */
    webhookReport: jsonb('webhook_report').$type<WebhookReport>(),
    paymentUrl: text('payment_url'),
    /** The on-chain transaction hash of the payment, when the provider gives one (shown on the statement). */
    txHash: text('tx_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** When reconciliation may next ask the provider about this deposit (a lease, so workers never collide). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The top-up as an item of the user's list (GET /api/transactions), as JSON text: written by a trigger on every
     * insert and update from the row itself (the default is never what is stored), so the list reads it instead of
     * building ten objects per request (docs/decisions/039-lists-read-as-stored-json.md).
     */
    listJson: text('list_json').notNull().default('{}'),
  },
  (t) => [
    uniqueIndex('deposits_order_id_unique').on(t.orderId),
    uniqueIndex('deposits_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('deposits_user_created_idx').on(t.userId, t.createdAt),
    // Lists are ordered by (time, id): the id in the index lets a page be read off it instead of sorting everything.
    index('deposits_created_idx').on(t.createdAt, t.id),
    index('deposits_paid_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} in ('PAID', 'PAID_OVER', 'PAID_LESS')`),
    index('deposits_provider_payment_idx').on(t.providerPaymentId),
    index('deposits_pending_check_idx').on(t.nextCheckAt).where(sql`${t.status} = 'PENDING'`),
    check(
      'deposits_status_check',
      sql`${t.status} in ('PENDING', 'PAID', 'PAID_OVER', 'PAID_LESS', 'EXPIRED', 'FAILED')`,
    ),
    check('deposits_amount_check', sql`${t.amount} between 1000 and 1000000`),
    check('deposits_amount_paid_check', sql`${t.amountPaid} >= 0 and ${t.creditedAmount} >= 0`),
    // The trigger writes every row's list item: a row it missed (a bulk load with triggers off) is refused rather
    // than listed as broken JSON.
    check('deposits_list_json_written', sql`${t.listJson} <> '{}'`),
  ],
);
export type DepositRow = typeof deposits.$inferSelect;

/** The sandbox payment provider's own books: what a real provider would keep on its side. */
export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    uuid: uuid('uuid').primaryKey(),
    merchant: text('merchant').notNull(),
    orderId: text('order_id').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    payerAmount: text('payer_amount').notNull(),
    paymentAmountUsd: text('payment_amount_usd'),
    status: text('status').notNull().default('check'),
    urlCallback: text('url_callback'),
    urlReturn: text('url_return'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_invoices_order_unique').on(t.merchant, t.orderId)],
);
