import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { LOGIN_DELAY } from '../../lib/login-delay.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long rows that only serve for a while are kept (docs/operations.md, Retention). Rate-limit windows outlive
 * their longest rule (a day) twice; codes and sessions are kept a week past their end for support questions;
 * applied provider events three months, as the record of what a provider told us; dev-outbox mail a week.
 */
export const RETENTION = {
  rateLimitWindowsMs: 2 * DAY_MS,
  loginFailuresMs: LOGIN_DELAY.forgetAfterMs,
  oneTimeCodesMs: 7 * DAY_MS,
  endedSessionsMs: 7 * DAY_MS,
  revokedSessionsMs: 30 * DAY_MS,
  appliedProviderEventsMs: 90 * DAY_MS,
  devOutboxMs: 7 * DAY_MS,
  /** Passkey ceremonies' challenges live minutes; a day is kept for support questions. */
  webauthnChallengesMs: DAY_MS,
  /** The bell's list: a year of alerts is more than anyone scrolls back to; the statement keeps the money itself. */
  alertsMs: 365 * DAY_MS,
} as const;

/** Rows deleted per statement, so a large backlog never holds a long lock. */
const BATCH = 5000;

type Pruned = Record<string, number>;

/** The prune-expired-rows schedule's handler: deletes what has outlived its use, in batches. */
export async function pruneExpiredRows(deps: Deps): Promise<Pruned> {
  const now = deps.now().getTime();
  const before = (ms: number) => new Date(now - ms).toISOString();
  const targets: Array<[string, string, string]> = [
    ['rate_limits', 'ctid', `window_start < '${before(RETENTION.rateLimitWindowsMs)}'`],
    ['login_failures', 'account', `last_failed_at < '${before(RETENTION.loginFailuresMs)}'`],
    ['one_time_codes', 'id', `expires_at < '${before(RETENTION.oneTimeCodesMs)}'`],
    [
      'sessions',
      'id',
      `expires_at < '${before(RETENTION.endedSessionsMs)}' or revoked_at < '${before(RETENTION.revokedSessionsMs)}'`,
    ],
    ['provider_events', 'id', `processed_at < '${before(RETENTION.appliedProviderEventsMs)}'`],
    ['mail_outbox', 'id', `created_at < '${before(RETENTION.devOutboxMs)}'`],
    ['webauthn_challenges', 'id', `expires_at < '${before(RETENTION.webauthnChallengesMs)}'`],
    ['alerts', 'id', `created_at < '${before(RETENTION.alertsMs)}'`],
  ];
  const pruned: Pruned = {};
  for (const [table, key, condition] of targets) {
    let total = 0;
    for (;;) {
      const rows = await executeRows(
        deps.db,
        sql.raw(
          `delete from ${table} where ${key} in (select ${key} from ${table} where ${condition} limit ${BATCH}) returning 1`,
        ),
      );
      total += rows.length;
      if (rows.length < BATCH) break;
    }
    pruned[table] = total;
  }
  if (Object.values(pruned).some((count) => count > 0)) deps.logger.info({ pruned }, 'pruned expired rows');
  return pruned;
}
