import { CARD_CREATION_FEE_CENTS } from '@coincard/shared';
import { and, eq, sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import { cards, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { audit } from '../audit/audit.js';
import { move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { releaseFirstCardReward, reverseFirstCardReward } from '../referrals/referral-rewards.service.js';

/** After this many tries (days, with backoff) a card the issuer never answered for is given up and its fee returned. */
const MAX_CREATION_ATTEMPTS = 60;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

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

async function retryLater(deps: Deps, cardId: string, attempts: number, error: unknown) {
  deps.logger.warn({ err: error, cardId, attempts }, 'the issuer did not finish creating a card; it is retried');
  await deps.db
    .update(cards)
    .set({
      creationAttempts: attempts,
      nextCreationAttemptAt: new Date(deps.now().getTime() + backoffMs(attempts)),
      updatedAt: deps.now(),
    })
    .where(and(eq(cards.id, cardId), eq(cards.status, 'pending')));
}

/**
 * Takes a pending card as far as the issuer lets it: create (our card id is the issuer's transaction_reference, so
 * asking again never makes a second card), then read its last four digits and activate it. A definite refusal
 * returns the fee; anything else leaves it pending for the complete-card-creations job.
 */
export async function completeCardCreation(deps: Deps, cardId: string): Promise<CreationOutcome> {
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) return 'refused';
  if (card.status === 'failed') return 'refused';
  if (card.status !== 'pending') return 'active';
  const attempts = card.creationAttempts + 1;
  let issuerCardId = card.issuerCardId;
  try {
    if (!issuerCardId) {
      const [owner] = await deps.db.select().from(users).where(eq(users.id, card.userId));
      if (!owner?.cardholderId || !card.pendingPinSealed) throw new Error('card has no cardholder or PIN to send');
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
    return 'active';
  } catch (error) {
    // Only a refusal to create is final; once the issuer has made the card, reading it is retried (a card still
    // being set up at the issuer may not read yet), and a card given up on is deleted there by the close job.
    if (error instanceof IssuerError && !error.isRetryable && !issuerCardId) {
      await refundCreation(deps, card.id, error.message);
      return 'refused';
    }
    if (attempts >= MAX_CREATION_ATTEMPTS) {
      await refundCreation(deps, card.id, 'The card issuer did not answer.');
      return 'refused';
    }
    await retryLater(deps, card.id, attempts, error);
    return 'pending';
  }
}

/** The complete-card-creations job: pending cards whose next try is due, leased so instances never share one. */
export async function completePendingCards(deps: Deps): Promise<{ looked: number; activated: number }> {
  const now = deps.now();
  const leased = await executeRows<{ id: string }>(
    deps.db,
    sql`
      update cards set next_creation_attempt_at = ${new Date(now.getTime() + 5 * 60_000).toISOString()}
      where id in (
        select id from cards
        where status = 'pending' and next_creation_attempt_at <= ${now.toISOString()}
        order by next_creation_attempt_at limit 20
        for update skip locked
      )
      returning id`,
  );
  let activated = 0;
  for (const { id } of leased) {
    if ((await completeCardCreation(deps, id)) === 'active') activated += 1;
  }
  return { looked: leased.length, activated };
}
