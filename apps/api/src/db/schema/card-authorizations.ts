import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Each purchase the issuer asked us about, with our answer (decision 033), and each purchase an issuer without an
 * authorization hook reported afterwards. The approved ones are the card's purchases that count against its daily
 * and monthly limits; the first approved one names the merchant a locked card is tied to. One row per issuer
 * reference: asking again about the same purchase gets the same answer and counts once.
 */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: uuid('id').primaryKey(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'restrict' }),
    /** The issuer's id for the authorization; for an approved one, also the purchase's transaction reference. */
    issuerReference: text('issuer_reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    merchant: text('merchant').notNull(),
    category: text('category'),
    approved: boolean('approved').notNull(),
    /** Why it was declined, in words for the owner; null when approved. */
    reason: text('reason'),
    /** `authorization`: decided by us before the purchase; `purchase`: reported after it (no hook at the issuer). */
    source: text('source', { enum: ['authorization', 'purchase'] }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_authorizations_reference_unique').on(t.cardId, t.issuerReference),
    index('card_authorizations_spent_idx').on(t.cardId, t.createdAt).where(sql`${t.approved}`),
    check('card_authorizations_amount_check', sql`${t.amount} > 0`),
    check('card_authorizations_reason_check', sql`${t.approved} = (${t.reason} is null)`),
  ],
);
export type CardAuthorizationRow = typeof cardAuthorizations.$inferSelect;
