import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A purchase the issuer (or our own authorization decision) refused. It moves no money, so it has no place in the
 * ledger; it is kept here so the owner sees it in the card's history and statement with the reason. One row per
 * issuer reference: the same decline told twice (a redelivered webhook, the authorization hook and the issuer's
 * later event) is recorded once.
 */
export const cardDeclines = pgTable(
  'card_declines',
  {
    id: uuid('id').primaryKey(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The issuer's reference for the refused authorization (derived from the event when the issuer sends none). */
    issuerReference: text('issuer_reference').notNull(),
    /** Cents the merchant asked for. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    merchant: text('merchant').notNull(),
    category: text('category'),
    reason: text('reason').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_declines_reference_unique').on(t.cardId, t.issuerReference),
    index('card_declines_user_idx').on(t.userId, t.occurredAt),
    index('card_declines_card_idx').on(t.cardId, t.occurredAt),
    check('card_declines_amount_check', sql`${t.amount} > 0`),
  ],
);
export type CardDeclineRow = typeof cardDeclines.$inferSelect;
