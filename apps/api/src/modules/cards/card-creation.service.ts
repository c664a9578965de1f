import { CARD_CREATION_FEE_CENTS } from '@coincard/shared';
import { and, eq, lte } from 'drizzle-orm';
import { cards, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { audit } from '../audit/audit.js';
import { move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { releaseFirstCardReward, reverseFirstCardReward } from '../referrals/referral-rewards.service.js';

export type CreationOutcome = 'active' | 'pending' | 'refused';

async function refundCreation(deps: Deps, cardId: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
    if (card?.status !== 'pending') return;
    await move(tx, {
      id: `card:${card.id}:creation-refund`,
      kind: 'card_creation_refund',
      from: platformAccount('revenue_card_creation', card.userId),
      to: { kind: 'user_balance', userId: card.userId },
      amount: CARD_CREATION_FEE_CENTS,
      metadata: { cardId: card.id, reason },
    });
    await tx
      .update(cards)
      .set({
        status: 'failed',
        failureReason: reason,
        pendingPinSealed: null,
        nextCreationAttemptAt: null,
        updatedAt: deps.now(),
      })
      .where(eq(cards.id, card.id));
    await reverseFirstCardReward(tx, card.id);
    await audit(tx, {
      action: 'card.creation_failed',
      targetUserId: card.userId,
      details: { cardId: card.id, reason },
    });
  });
}

async function recordAttempt(deps: Deps, cardId: string, attempts: number, error: unknown) {
  deps.logger.warn({ err: error, cardId, attempts }, 'the issuer did not finish creating a card; it is retried');
  await deps.db
    .update(cards)
    .set({ creationAttempts: attempts, nextCreationAttemptAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(cards.id, cardId), eq(cards.status, 'pending')));
}

type Attempt = { outcome: CreationOutcome; error?: unknown };

/**
 * Takes a pending card as far as the issuer lets it: create (our card id is the issuer's transaction_reference, so
 * asking again never makes a second card), then read its last four digits and activate it. A definite refusal
 * returns the fee; anything else leaves it pending, with the error, for the card-creation job to retry.
 */
export async function completeCardCreation(deps: Deps, cardId: string): Promise<Attempt> {
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) return { outcome: 'refused' };
  if (card.status === 'failed') return { outcome: 'refused' };
  if (card.status !== 'pending') return { outcome: 'active' };
  const attempts = card.creationAttempts + 1;
  let issuerCardId = card.issuerCardId;
  try {
    if (!issuerCardId) {
      const [owner] = await deps.db.select().from(users).where(eq(users.id, card.userId));
      if (!owner?.cardholderId) {
        // Support asked the user to verify again while the card was being made: nothing to make it for.
        await refundCreation(deps, card.id, 'Your identity must be verified again before a card can be made.');
        return { outcome: 'refused' };
      }
      if (!card.pendingPinSealed) throw new Error('card has no PIN to send');
      const created = await deps.issuer.createCard({
        cardholderId: owner.cardholderId,
        reference: card.id,
        pin: deps.pinBox.open(card.pendingPinSealed),
        userId: owner.id,
      });
      issuerCardId = created.cardId;
      await deps.db.update(cards).set({ issuerCardId, updatedAt: deps.now() }).where(eq(cards.id, card.id));
    }
    const details = await deps.issuer.getCard(issuerCardId);
    await deps.db.transaction(async (tx) => {
      const activated = await tx
        .update(cards)
        .set({
          status: 'active',
          last4: details.last4,
          holderName: details.holderName || null,
          pendingPinSealed: null,
          nextCreationAttemptAt: null,
          creationAttempts: attempts,
          updatedAt: deps.now(),
        })
        .where(and(eq(cards.id, card.id), eq(cards.status, 'pending')))
        .returning({ id: cards.id });
      if (activated.length === 0) return;
      await releaseFirstCardReward(tx, deps, card.id);
      await audit(tx, { action: 'card.activated', targetUserId: card.userId, details: { cardId: card.id } });
    });
    return { outcome: 'active' };
  } catch (error) {
    // Only a refusal to create is final; once the issuer has made the card, reading it is retried (a card still
    // being set up at the issuer may not read yet), and a card given up on is deleted there by the close job.
    if (error instanceof IssuerError && !error.isRetryable && !issuerCardId) {
      await refundCreation(deps, card.id, error.message);
      return { outcome: 'refused' };
    }
    await recordAttempt(deps, card.id, attempts, error);
    return { outcome: 'pending', error };
  }
}

/**
 * The card-creation queue's handler. An issuer that does not answer is retried by the engine; after its last retry
 * (about a day) the card is given up and its fee returned.
 */
export const advanceCardCreation: JobHandler<'card-creation'> = async (deps, { cardId }, job) => {
  const attempt = await completeCardCreation(deps, cardId);
  if (attempt.outcome !== 'pending') return;
  if (job.isLastAttempt) {
    await refundCreation(deps, cardId, 'The card issuer did not answer.');
    return;
  }
  throw attempt.error;
};

/** Part of the card-work sweep: pending cards due but without a job. */
export async function sweepPendingCards(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.status, 'pending'), lte(cards.nextCreationAttemptAt, deps.now())))
    .orderBy(cards.nextCreationAttemptAt)
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'card-creation',
    due.map(({ id }) => ({ key: id, data: { cardId: id } })),
  );
}
