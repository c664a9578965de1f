import { REVIEW_SUBJECT_OF, type ReviewKind } from '@coincard/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';

export type ReviewReport = {
  kind: ReviewKind;
  /** The deposit, provider event or card (as the kind says) the disagreement is about. */
  subjectId: string;
  userId: string | null;
  /** One sentence a person can act on; the same disagreement gives the same sentence. */
  reason: string;
  /** The figures behind it. Never secrets: no keys, signatures, raw provider bodies or card data. */
  details: Record<string, unknown>;
};

/**
 * - `opened`: a new review waits for a person.
 * - `seen-again`: the open review for this kind and subject was reported again; its reason, figures and last-seen
 *   time are brought up to date, and no second row is made.
 * - `already-decided`: a person already resolved this very disagreement (same kind, subject and reason); reporting
 *   it again (a redelivered webhook, a replay, the next reconciliation run) does not reopen their decision.
 */
export type ReportOutcome = 'opened' | 'seen-again' | 'already-decided';

/**
 * Puts a disagreement in the review queue. Call it inside the transaction of the state change that found it, so the
 * review exists exactly when that change does.
 */
export async function reportReview(db: Executor, report: ReviewReport, now: Date): Promise<ReportOutcome> {
  const subjectType = REVIEW_SUBJECT_OF[report.kind];
  const sameSubject = and(
    eq(reviews.kind, report.kind),
    eq(reviews.subjectType, subjectType),
    eq(reviews.subjectId, report.subjectId),
  );
  const [decided] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(sameSubject, eq(reviews.reason, report.reason), isNotNull(reviews.resolvedBy)))
    .limit(1);
  if (decided) return 'already-decided';
  const [written] = await db
    .insert(reviews)
    .values({
      id: uuidv7(),
      kind: report.kind,
      subjectType,
      subjectId: report.subjectId,
      userId: report.userId,
      reason: report.reason,
      details: report.details,
      createdAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [reviews.kind, reviews.subjectType, reviews.subjectId],
      targetWhere: isNull(reviews.resolvedAt),
      set: { reason: report.reason, details: report.details, lastSeenAt: now },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return written?.inserted ? 'opened' : 'seen-again';
}

/**
 * Closes the open review of a disagreement that went away by itself (the card's two balances agree again): the app
 * records why, and no person is named.
 */
export async function closeReview(
  db: Executor,
  kind: ReviewKind,
  subjectId: string,
  note: string,
  now: Date,
): Promise<void> {
  await db
    .update(reviews)
    .set({ resolvedAt: now, resolutionNote: note })
    .where(
      and(
        eq(reviews.kind, kind),
        eq(reviews.subjectType, REVIEW_SUBJECT_OF[kind]),
        eq(reviews.subjectId, subjectId),
        isNull(reviews.resolvedAt),
      ),
    );
}

/**
 * Whether a person (not the app) has decided a review of this kind and subject. A held top-up a person decided
 * (refunded at the provider, credited by hand) must not be credited again by a later provider answer.
 */
export async function decidedByPerson(db: Executor, kind: ReviewKind, subjectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.kind, kind), eq(reviews.subjectId, subjectId), isNotNull(reviews.resolvedBy)))
    .limit(1);
  return row !== undefined;
}
