import { and, eq, isNull, lte } from 'drizzle-orm';
import { cardholderVerifications, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { audit } from '../audit/audit.js';
import { openDetails } from './identity-details.js';

/** A submission with no job after this long (the job was lost) is queued again by the card-work sweep. */
const SWEEP_AFTER_MS = 10 * 60_000;

const UNREACHABLE_REASON =
  'We could not reach our card issuer to check your identity, so nothing was decided. Please send your details again.';

/** Ends a submission the issuer did not judge by its webhook: it refused the registration, or could not be reached. */
async function endUnsent(
  deps: Deps,
  verificationId: string,
  user: { id: string; email: string },
  outcome: { reason: string; countsAsAttempt: boolean },
) {
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(cardholderVerifications)
      .set({
        status: 'rejected',
        reason: outcome.reason,
        countsAsAttempt: outcome.countsAsAttempt,
        detailsSealed: null,
        decidedAt: deps.now(),
      })
      .where(and(eq(cardholderVerifications.id, verificationId), eq(cardholderVerifications.status, 'pending')))
      .returning({ id: cardholderVerifications.id });
    if (ended.length === 0) return;
    await audit(tx, {
      action: 'cardholder.rejected',
      targetUserId: user.id,
      details: { verificationId, reason: outcome.reason, atRegistration: true },
    });
    await enqueueMail(deps, tx, deps.mail.cardholderDecision(user.email, 'rejected', outcome.reason));
  });
}

/**
 * The cardholder-verification queue's handler: registers the submission with the issuer's asynchronous cardholder
 * registration and records the issuer's cardholder id. The issuer now holds the fields, so our sealed copy is dropped
 * in the same update (the retention rule, decision 029). The decision comes later by webhook.
 */
export const registerWithIssuer: JobHandler<'cardholder-verification'> = async (deps, { verificationId }, job) => {
  const [row] = await deps.db
    .select()
    .from(cardholderVerifications)
    .where(eq(cardholderVerifications.id, verificationId));
  if (row?.status !== 'pending' || row.issuerCardholderId || !row.detailsSealed) return;
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) return;
  const details = openDetails(deps.identityBox, row.detailsSealed);
  try {
    const { cardholderId } = await deps.issuer.registerCardholder({
      ...details,
      userId: user.id,
      verificationId: row.id,
      email: user.email,
    });
    await deps.db
      .update(cardholderVerifications)
      .set({ issuerCardholderId: cardholderId, issuer: deps.issuer.name, sentAt: deps.now(), detailsSealed: null })
      .where(
        and(
          eq(cardholderVerifications.id, row.id),
          eq(cardholderVerifications.status, 'pending'),
          isNull(cardholderVerifications.issuerCardholderId),
        ),
      );
  } catch (error) {
    if (error instanceof IssuerError && !error.isRetryable) {
      // A definite no to the fields themselves (a phone number the issuer will not take, say): the user can fix it.
      await endUnsent(deps, row.id, user, {
        reason: `The card issuer did not accept these details: ${error.message}`,
        countsAsAttempt: true,
      });
      return;
    }
    if (job.isLastAttempt) {
      deps.logger.error({ err: error, verificationId: row.id }, 'the issuer never took a cardholder registration');
      await endUnsent(deps, row.id, user, { reason: UNREACHABLE_REASON, countsAsAttempt: false });
      return;
    }
    throw error;
  }
};

/** Part of the card-work sweep: submissions never handed to the issuer whose job is gone. */
export async function sweepUnsentVerifications(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ id: cardholderVerifications.id })
    .from(cardholderVerifications)
    .where(
      and(
        eq(cardholderVerifications.status, 'pending'),
        isNull(cardholderVerifications.issuerCardholderId),
        lte(cardholderVerifications.submittedAt, new Date(deps.now().getTime() - SWEEP_AFTER_MS)),
      ),
    )
    .orderBy(cardholderVerifications.submittedAt)
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'cardholder-verification',
    due.map(({ id }) => ({ key: id, data: { verificationId: id } })),
  );
}
