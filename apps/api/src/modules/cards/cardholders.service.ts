import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import { cardholderRequests, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';

const MAX_REFUSALS = 5;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/**
 * A verified user gets an issuer cardholder automatically (docs/product-rules.md, Cards). Verification only queues the
 * request (in its own transaction); the create-cardholders job talks to the issuer, with retries.
 */
export async function requestCardholder(db: Executor, userId: string, now: Date): Promise<void> {
  await db.insert(cardholderRequests).values({ userId, nextAttemptAt: now, createdAt: now }).onConflictDoNothing();
}

/** The create-cardholders job: leases due requests (SKIP LOCKED), asks the issuer, records the cardholder id. */
export async function createDueCardholders(deps: Deps): Promise<{ looked: number; created: number }> {
  const now = deps.now();
  const leased = await executeRows<{ user_id: string; attempts: number }>(
    deps.db,
    sql`
      update cardholder_requests set next_attempt_at = ${new Date(now.getTime() + 5 * 60_000).toISOString()}
      where user_id in (
        select user_id from cardholder_requests
        where completed_at is null and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at limit 20
        for update skip locked
      )
      returning user_id, attempts`,
  );
  let created = 0;
  for (const request of leased) {
    const userId = request.user_id;
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    const done = () =>
      deps.db
        .update(cardholderRequests)
        .set({ completedAt: deps.now(), nextAttemptAt: null, lastError: null })
        .where(eq(cardholderRequests.userId, userId));
    if (!user || user.cardholderId || user.role !== 'user') {
      await done();
      continue;
    }
    try {
      const { cardholderId } = await deps.issuer.createCardholder({ userId, email: user.email });
      await deps.db
        .update(users)
        .set({ cardholderId, updatedAt: deps.now() })
        .where(and(eq(users.id, userId), isNull(users.cardholderId)));
      await done();
      created += 1;
    } catch (error) {
      const attempts = Number(request.attempts) + 1;
      // A definite no (the issuer refuses this person) is asked a few times, then waits for a person to look.
      const givesUp = error instanceof IssuerError && !error.isRetryable && attempts >= MAX_REFUSALS;
      if (givesUp)
        deps.logger.error({ err: error, userId }, 'the issuer refuses to make this cardholder; needs review');
      else deps.logger.warn({ err: error, userId, attempts }, 'the issuer did not create a cardholder; it is retried');
      await deps.db
        .update(cardholderRequests)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: givesUp ? null : new Date(deps.now().getTime() + backoffMs(attempts)),
        })
        .where(eq(cardholderRequests.userId, userId));
    }
  }
  return { looked: leased.length, created };
}
