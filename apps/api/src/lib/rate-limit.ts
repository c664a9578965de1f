import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../db/client.js';
import { AppError } from './app-error.js';

export type RateRule = { name: string; limit: number; windowMs: number };

/**
 * Limits (docs/decisions/002-sessions-and-codes.md) per IP and per account, shared by every instance through the
 * database.
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', limit: 30, windowMs: 15 * 60_000 },
  /** One address against one account; the account itself gets a growing delay instead (lib/login-delay.ts). */
  loginIpAccount: { name: 'login:ip-account', limit: 10, windowMs: 15 * 60_000 },
  twoFactorIp: { name: '2fa:ip', limit: 30, windowMs: 15 * 60_000 },
  /**
   * Code guesses per account, counted only for a request holding the sign-in's challenge (so only someone who knew
   * the password can use it up); elsewhere, for signed-in code checks.
   */
  twoFactorAccount: { name: '2fa:account', limit: 10, windowMs: 15 * 60_000 },
  /** Password (and code) checks before a change of e-mail, password or two-factor, per account. */
  stepUpAccount: { name: 'step-up:account', limit: 10, windowMs: 15 * 60_000 },
  /**
   * The same checks over a day: a stolen session must not turn the step-up into a password-guessing oracle at 40 an
   * hour (decision 027). Far above what the owner needs (each step-up lasts minutes).
   */
  stepUpAccountDay: { name: 'step-up:account-day', limit: 50, windowMs: 24 * 60 * 60_000 },
  /** Passkey prompts a signed-in session may ask for (each stores a challenge). */
  passkeyPromptAccount: { name: 'passkey-prompt:account', limit: 30, windowMs: 15 * 60_000 },
  registerIp: { name: 'register:ip', limit: 20, windowMs: 60 * 60_000 },
  forgotIp: { name: 'forgot:ip', limit: 20, windowMs: 60 * 60_000 },
  forgotAccount: { name: 'forgot:account', limit: 5, windowMs: 60 * 60_000 },
  otpSendAccount: { name: 'otp-send:account', limit: 5, windowMs: 15 * 60_000 },
  verificationResend: { name: 'verify-resend:account', limit: 3, windowMs: 60 * 60_000 },
  cardRevealAccount: { name: 'card-reveal:account', limit: 20, windowMs: 15 * 60_000 },
  cardRevealIp: { name: 'card-reveal:ip', limit: 60, windowMs: 15 * 60_000 },
  /** Freeze, unfreeze, 3DS code, delete: each is a call to the issuer, whose quota all users share. */
  cardActionAccount: { name: 'card-action:account', limit: 60, windowMs: 15 * 60_000 },
  cardHistoryAccount: { name: 'card-history:account', limit: 300, windowMs: 15 * 60_000 },
  /** Identity submissions and refusals (a restricted country is audited each time), per account. */
  cardholderSubmitAccount: { name: 'cardholder-submit:account', limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

/**
 * Sliding window: the hits of the current fixed window plus the previous window's hits weighted by how much of
 * it still lies inside the last `windowMs`. A burst at the end of one window and another at the start of the
 * next therefore count together, instead of each getting the full limit.
 */
async function countHit(db: Executor, rule: RateRule, subject: string, now: Date): Promise<number> {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const key = `${rule.name}:${subject}`;
  const [row] = await executeRows<{ hits: number | string; previous: number | string | null }>(
    db,
    sql`
    with hit as (
      insert into rate_limits (key, window_start, hits) values (${key}, ${new Date(windowStartMs).toISOString()}, 1)
      on conflict (key, window_start) do update set hits = rate_limits.hits + 1
      returning hits)
    select hit.hits,
      (select hits from rate_limits
        where key = ${key} and window_start = ${new Date(windowStartMs - rule.windowMs).toISOString()}) as previous
    from hit`,
  );
  const hits = Number(row?.hits ?? 0);
  const previous = Number(row?.previous ?? 0);
  const previousWeight = 1 - (now.getTime() - windowStartMs) / rule.windowMs;
  return hits + Math.ceil(previous * previousWeight);
}

/** Counts one hit; throws 429 TooManyRequests with Retry-After once the sliding window's limit is passed. */
export async function hitRateLimit(db: Executor, rule: RateRule, subject: string, now: Date): Promise<void> {
  if (!(await tryRateLimit(db, rule, subject, now))) {
    // Until the current window ends; by then the earlier burst weighs at most what this window holds.
    const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now.getTime()) / 1000));
    throw new AppError('TooManyRequests', 'Too many attempts. Please wait a few minutes and try again.', {
      retryAfterSeconds,
    });
  }
}

/** Like hitRateLimit but answers false instead of throwing, for limits that must stay silent (no enumeration). */
export async function tryRateLimit(db: Executor, rule: RateRule, subject: string, now: Date): Promise<boolean> {
  return (await countHit(db, rule, subject, now)) <= rule.limit;
}
