import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    /** user_balance, card, referral_earnings, revenue_*, clearing_*: what the money in it is. */
    kind: text('kind').notNull(),
    /** The owner of a user account, or null for platform and provider accounts. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** A second key for accounts that are not one-per-user (a card id, a provider name). */
    ref: text('ref').notNull().default(''),
    /**
     * Cached sum of this account's entries. Only the database writes it: a trigger on ledger_entries adds each new
     * entry, and a trigger on this table refuses any other change (migration 0009).
     */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_unique').on(t.kind, sql`coalesce(${t.userId}::text, '')`, t.ref),
    // Whether an account may go below zero follows from its kind, not from a flag someone could flip: clearing and
    // expense accounts mirror money outside the platform; every account holding someone's money never may.
    check(
      'ledger_accounts_non_negative',
      sql`${t.balance} >= 0 or ${t.kind} in ('clearing_payments', 'clearing_issuer', 'expense_referral_rewards')`,
    ),
  ],
);

export const ledgerTransfers = pgTable('ledger_transfers', {
  /** Unique per business event (e.g. "deposit:<id>:credit"): doubles as the idempotency key. */
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Positive adds to the account, negative takes from it; a transfer's entries sum to zero. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_non_zero', sql`${t.amount} <> 0`),
  ],
);
