import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job: the lease that lets exactly one app instance run it at a time, and when it is due.
 * Jobs lease their own work rows too, so a lease that lapses (a crashed instance) only delays work.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Set when something asked for a run now (a new cardholder to create, say). */
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lockedBy: text('locked_by'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});
