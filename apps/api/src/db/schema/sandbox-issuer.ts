import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The sandbox issuer's own books: what a real issuer keeps on its side. The app's modules never read these; only
 * the sandbox issuer (providers/issuing/sandbox-*) does, over its HTTP API.
 */
export const sandboxIssuerCardholders = pgTable(
  'sandbox_issuer_cardholders',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Identity verification: PENDING until the sandbox decides (after its settle delay), then told by webhook. */
    status: text('status', { enum: ['PENDING', 'VERIFIED', 'FAILED', 'MORE_INFORMATION_REQUIRED'] })
      .notNull()
      .default('VERIFIED'),
    /** Phone, address and identity as registered, sealed under the sandbox issuer key (the issuer keeps them). */
    detailsSealed: text('details_sealed'),
    decideAt: ts('decide_at'),
    decidedAt: ts('decided_at'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_issuer_cardholders_due_idx').on(t.decideAt).where(sql`${t.status} = 'PENDING'`)],
);

export const sandboxIssuerCards = pgTable(
  'sandbox_issuer_cards',
  {
    id: text('id').primaryKey(),
    cardholderId: text('cardholder_id')
      .notNull()
      .references(() => sandboxIssuerCardholders.id),
    /** The create call's transaction_reference: the same one again answers this card. */
    reference: text('reference').notNull().unique(),
    /** Card number, CVV and PIN, each sealed with AES-256-GCM under the sandbox issuer key. */
    numberSealed: text('number_sealed').notNull(),
    cvvSealed: text('cvv_sealed').notNull(),
    pinSealed: text('pin_sealed').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: text('expiry_month').notNull(),
    expiryYear: text('expiry_year').notNull(),
    cardName: text('card_name').notNull(),
    /** Cents on the card, and the part of them held for unloads that have not completed. */
    bookBalance: bigint('book_balance', { mode: 'number' }).notNull().default(0),
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** The last accepted fund or unload: the issuer allows one per card per window. */
    lastMoveAt: ts('last_move_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [check('sandbox_issuer_cards_balance_check', sql`${t.reserved} >= 0 and ${t.bookBalance} >= ${t.reserved}`)],
);

export const sandboxIssuerOperations = pgTable(
  'sandbox_issuer_operations',
  {
    reference: text('reference').primaryKey(),
    cardId: text('card_id')
      .notNull()
      .references(() => sandboxIssuerCards.id),
    kind: text('kind', { enum: ['fund', 'unload'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCESSFUL', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason'),
    acceptedAt: ts('accepted_at').notNull(),
    /** When the sandbox completes it ("moments later"). */
    completeAt: ts('complete_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('sandbox_issuer_operations_due_idx').on(t.completeAt).where(sql`${t.status} = 'PENDING'`)],
);

export const sandboxIssuerTransactions = pgTable(
  'sandbox_issuer_transactions',
  {
    id: text('id').primaryKey(),
    cardId: text('card_id')
      .notNull()
      .references(() => sandboxIssuerCards.id),
    type: text('type', { enum: ['DEBIT', 'CREDIT'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** Ours for funds and unloads; null for purchases and refunds. */
    clientReference: text('client_reference'),
    merchant: jsonb('merchant').$type<{
      name: string;
      logo: string | null;
      category: string;
      group: string;
      city: string;
      code: string;
      website: string | null;
      recurring: boolean;
    }>(),
    /** For a purchase: the refund that reversed it. */
    reversedBy: text('reversed_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sandbox_issuer_transactions_card_idx').on(t.cardId, t.createdAt)],
);

/** Webhooks the sandbox owes the app: delivered over HTTP, retried until the app answers 2xx. */
export const sandboxIssuerWebhooks = pgTable(
  'sandbox_issuer_webhooks',
  {
    id: uuid('id').primaryKey(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sandbox_issuer_webhooks_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
