import { sql } from 'drizzle-orm';
import { type Database, type Executor, executeRows } from '../db/client.js';
import { AppError } from './app-error.js';

/**
 * Growing delay per account for failed sign-ins (docs/decisions/002-sessions-and-codes.md), instead of a hard lock:
 * a lock would let anyone who knows an address keep its owner out. The first FREE_FAILURES failures cost nothing;
 * after that each attempt must wait 1 s, 2 s, 4 s … (at most MAX_DELAY_MS) since the last failure. The guesser's
 * own address is what stops the guessing (RATE_RULES.loginIp, loginIpAccount); this only slows a spread-out attack.
 */
export const LOGIN_DELAY = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  /** A failure this old no longer counts: the next one starts again from one. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

/** How long after its last failure an account with `failures` failures accepts the next attempt. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_DELAY.freeFailures) return 0;
  return Math.min(LOGIN_DELAY.maxDelayMs, LOGIN_DELAY.firstDelayMs * 2 ** (failures - LOGIN_DELAY.freeFailures));
}

const accountKey = (email: string) => email.toLowerCase();

/**
 * Claims one attempt for the account: counts it as a failure up front (atomically, so parallel requests cannot
 * share one free slot) or, while the account's delay runs, throws 429 with Retry-After without counting.
 * A successful sign-in then calls clearLoginFailures. Unknown addresses are counted alike: a 429 tells nothing.
 */
export async function claimLoginAttempt(db: Database, email: string, now: Date): Promise<void> {
  const account = accountKey(email);
  const at = now.toISOString();
  const { freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs } = LOGIN_DELAY;
  // The same formula as loginDelayMs, in milliseconds.
  const delayMs = sql`case when login_failures.failures < ${freeFailures} then 0
    else least(${maxDelayMs}::float8, ${firstDelayMs}::float8 * power(2, login_failures.failures - ${freeFailures})) end`;
  const claimed = await executeRows<{ failures: number }>(
    db,
    sql`
    insert into login_failures (account, failures, last_failed_at) values (${account}, 1, ${at})
    on conflict (account) do update set
      failures = case when ${at}::timestamptz - login_failures.last_failed_at >= ${forgetAfterMs} * interval '1 millisecond'
        then 1 else login_failures.failures + 1 end,
      last_failed_at = ${at}
    where ${at}::timestamptz >= login_failures.last_failed_at + (${delayMs}) * interval '1 millisecond'
    returning failures`,
  );
  if (claimed.length > 0) return;
  const [row] = await executeRows<{ failures: number; last_failed_at: string | Date }>(
    db,
    sql`select failures, last_failed_at from login_failures where account = ${account}`,
  );
  const readyAt = row ? new Date(row.last_failed_at).getTime() + loginDelayMs(Number(row.failures)) : now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((readyAt - now.getTime()) / 1000));
  throw new AppError(
    'TooManyRequests',
    `Too many failed sign-ins for this account. Wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`,
    { retryAfterSeconds },
  );
}

/** The right password was given, or a new one was set: the account's count starts again from nothing. */
export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await executeRows(db, sql`delete from login_failures where account = ${accountKey(email)}`);
}
