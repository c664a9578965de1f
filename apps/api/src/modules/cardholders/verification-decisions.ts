import { and, eq } from 'drizzle-orm';
import { cardholderVerifications, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { IssuerEvent } from '../../providers/issuing/card-issuer.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { audit } from '../audit/audit.js';
import type { ProcessResult } from '../webhooks/webhook-source.js';

type CardholderEvent = Extract<IssuerEvent, { kind: 'cardholder' }>;

const MANUAL_REVIEW_REASON =
  'A person at our card issuer is looking at your details. This usually takes between 1 and 24 hours.';
const NO_REASON_GIVEN = 'The card issuer could not confirm these details and gave no reason.';

/** The submission an issuer's cardholder belongs to. */
export async function verificationOfCardholder(deps: Deps, cardholderId: string) {
  const [row] = await deps.db
    .select()
    .from(cardholderVerifications)
    .where(
      and(
        eq(cardholderVerifications.issuer, deps.issuer.name),
        eq(cardholderVerifications.issuerCardholderId, cardholderId),
      ),
    );
  return row ?? null;
}

/**
 * The issuer's `cardholder_verification.*` webhook, applied once: an approval gives the user their cardholderId; a
 * refusal or a request for more records the issuer's reason for the user to act on. Either way the user is told by
 * mail. A decision about a submission an admin has since withdrawn changes nothing; one that contradicts the decision
 * already recorded goes to the review queue.
 */
export async function applyCardholderDecision(deps: Deps, event: CardholderEvent): Promise<ProcessResult> {
  const row = await verificationOfCardholder(deps, event.cardholderId);
  // The registration's answer may still be on its way into our records: the event waits and is replayed.
  if (!row) return { outcome: 'unknown-cardholder', done: false };
  if (event.outcome === 'manual_review') {
    await deps.db
      .update(cardholderVerifications)
      .set({ reason: MANUAL_REVIEW_REASON })
      .where(and(eq(cardholderVerifications.id, row.id), eq(cardholderVerifications.status, 'pending')));
    return { outcome: 'manual-review', done: true };
  }
  if (row.status === 'withdrawn') return { outcome: 'withdrawn-before-decision', done: true };
  if (row.status !== 'pending') {
    if (row.status === event.outcome) return { outcome: 'already-applied', done: true };
    deps.logger.error({ verificationId: row.id }, 'the issuer contradicts a cardholder decision; needs review');
    return {
      outcome: 'review:contradiction',
      done: true,
      review: {
        reason: `The card issuer now says this identity check ended ${event.outcome}, but it had already ended ${row.status}.`,
        userId: row.userId,
        details: { verificationId: row.id, ours: row.status, issuer: event.outcome },
      },
    };
  }
  const outcome = event.outcome;
  const reason = outcome === 'approved' ? null : (event.reason ?? NO_REASON_GIVEN);
  const applied = await deps.db.transaction(async (tx) => {
    // The user's row first, as a submission and an admin's re-verify lock it: taken in the opposite order, a decision
    // and a re-verify arriving together could each wait on the other (a deadlock on PostgreSQL).
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
    const [decided] = await tx
      .update(cardholderVerifications)
      .set({ status: outcome, reason, decidedAt: deps.now(), detailsSealed: null })
      .where(and(eq(cardholderVerifications.id, row.id), eq(cardholderVerifications.status, 'pending')))
      .returning({ id: cardholderVerifications.id });
    if (!decided) return false;
    if (outcome === 'approved') {
      await tx
        .update(users)
        .set({ cardholderId: event.cardholderId, updatedAt: deps.now() })
        .where(eq(users.id, row.userId));
    }
    await audit(tx, {
      action: `cardholder.${outcome}`,
      targetUserId: row.userId,
      details: { verificationId: row.id, reason },
    });
    if (user) await enqueueMail(deps, tx, deps.mail.cardholderDecision(user.email, outcome, reason));
    return true;
  });
  return { outcome: applied ? `cardholder-${outcome}` : 'already-applied', done: true };
}
