import { bigint, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Daily platform counters for the admin dashboard, kept by database triggers in the same transaction as the rows
 * they count (migration 0005), so the figures are exact and cost a few hundred rows to read at any scale. Each day is
 * spread over shards (by user) so that busy days do not make one row every registration and payment waits on.
 */
export const platformDailyStats = pgTable(
  'platform_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    usersRegistered: integer('users_registered').notNull().default(0),
    cardsCreated: integer('cards_created').notNull().default(0),
    depositsCreated: integer('deposits_created').notNull().default(0),
    paidInvoices: integer('paid_invoices').notNull().default(0),
    fundsLoaded: bigint('funds_loaded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/** What each user's paid top-ups credited, kept by a trigger: the admin's Top 5 by account load reads an index. */
export const userLoadTotals = pgTable(
  'user_load_totals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    loaded: bigint('loaded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('user_load_totals_loaded_idx').on(t.loaded)],
);
