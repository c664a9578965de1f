import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardholderRequests, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';

const MAX_REFUSALS = 5;

/**
 * A verified user gets an issuer cardholder automatically (docs/product-rules.md, Cards). Verification records the
 * request and queues its job in its own transaction; the job talks to the issuer, and the engine retries it.
 */
export async function requestCardholder(db: Executor, deps: Pick<Deps, 'jobs' | 'now'>, userId: string) {
  const inserted = await db
    .insert(cardholderRequests)
    .values({ userId, nextAttemptAt: deps.now(), createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ userId: cardholderRequests.userId });
  if (inserted.length > 0) await deps.jobs.enqueue(db, 'cardholder', { userId }, { key: userId });
}

/** The cardholder queue's handler: asks the issuer once and records the cardholder id. */
export const createCardholder: JobHandler<'cardholder'> = async (deps, { userId }, job) => {
  const [request] = await deps.db.select().from(cardholderRequests).where(eq(cardholderRequests.userId, userId));
  if (!request || request.completedAt) return;
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  const done = () =>
    deps.db
      .update(cardholderRequests)
      .set({ completedAt: deps.now(), nextAttemptAt: null, lastError: null })
      .where(eq(cardholderRequests.userId, userId));
  if (!user || user.cardholderId || user.role !== 'user') {
    await done();
    return;
  }
  try {
    const { cardholderId } = await deps.issuer.createCardholder({ userId, email: user.email });
    await deps.db
      .update(users)
      .set({ cardholderId, updatedAt: deps.now() })
      .where(and(eq(users.id, userId), isNull(users.cardholderId)));
    await done();
  } catch (error) {
    const attempts = request.attempts + 1;
    // A definite no (the issuer refuses this person) is asked a few times, then waits for a person to look.
    const refusedForGood = error instanceof IssuerError && !error.isRetryable && attempts >= MAX_REFUSALS;
    const givesUp = refusedForGood || job.isLastAttempt;
    await deps.db
      .update(cardholderRequests)
      .set({
        attempts,
        lastError: error instanceof Error ? error.message : String(error),
        nextAttemptAt: givesUp ? null : deps.now(),
      })
      .where(eq(cardholderRequests.userId, userId));
    if (refusedForGood) {
      deps.logger.error({ err: error, userId }, 'the issuer refuses to make this cardholder; needs review');
      return;
    }
    throw error;
  }
};

/** Part of the card-work sweep: cardholder requests due but without a job (made before the engine, or lost). */
export async function sweepCardholders(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ userId: cardholderRequests.userId })
    .from(cardholderRequests)
    .where(and(isNull(cardholderRequests.completedAt), lte(cardholderRequests.nextAttemptAt, deps.now())))
    .orderBy(cardholderRequests.nextAttemptAt)
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'cardholder',
    due.map(({ userId }) => ({ key: userId, data: { userId } })),
  );
}
