import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters kept in the database so every API instance shares the same limits. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    check('rate_limits_hits_check', sql`${t.hits} > 0`),
    // Retention deletes old windows by their start (modules/maintenance/retention.ts).
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);

/**
 * Failed sign-ins per account (lower-cased e-mail, known or not): drives the growing delay of lib/login-delay.ts.
 * One row per account, gone after a successful sign-in.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('login_failures_failures_check', sql`${t.failures} > 0`),
    index('login_failures_last_failed_idx').on(t.lastFailedAt),
  ],
);
