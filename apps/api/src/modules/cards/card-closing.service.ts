import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { cardOperations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { reportCardDivergence } from './card-divergence.js';
import { cardAccount, startOperation, submitOperation } from './card-operations.service.js';
import { IN_TRANSIT_STATUSES } from './card-views.js';

const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
/** After this many looks (about a week with backoff) a card the issuer will not close waits for a person. */
const MAX_CLOSE_ATTEMPTS = 40;

/**
 * The close-deleted-cards job finishes deletions (and cleans up cards whose creation failed after the issuer made
 * them): a terminated card still holding money sends back what the issuer actually holds for it, and an empty one is
 * deleted at the issuer. Each card backs off between looks, so a card the issuer will not empty or close cannot
 * make the job spin; a ledger balance the issuer does not hold is put in the review queue.
 */
export async function closeDeletedCards(deps: Deps): Promise<{ closed: number; returning: number }> {
  const now = deps.now();
  const candidates = await deps.db
    .select()
    .from(cards)
    .where(
      and(
        inArray(cards.status, ['terminated', 'failed']),
        isNull(cards.issuerClosedAt),
        isNotNull(cards.issuerCardId),
        or(isNull(cards.nextCloseAttemptAt), lte(cards.nextCloseAttemptAt, now)),
      ),
    )
    .limit(50);
  let closed = 0;
  let returning = 0;
  for (const candidate of candidates) {
    const issuerCardId = candidate.issuerCardId ?? '';
    let issuerHolds: number;
    try {
      issuerHolds = (await deps.issuer.getCard(issuerCardId)).availableCents;
    } catch (error) {
      if (error instanceof IssuerError && error.kind === 'not-found') issuerHolds = 0;
      else {
        deps.logger.warn({ err: error, cardId: candidate.id }, 'could not read a deleted card at the issuer');
        continue;
      }
    }
    const next = await deps.db.transaction(async (tx) => {
      const [card] = await tx
        .select()
        .from(cards)
        .where(eq(cards.id, candidate.id))
        .for('update', { skipLocked: true });
      if (!card || card.issuerClosedAt) return null;
      const moving = await tx
        .select({ id: cardOperations.id })
        .from(cardOperations)
        .where(and(eq(cardOperations.cardId, card.id), inArray(cardOperations.status, [...IN_TRANSIT_STATUSES])))
        .limit(1);
      if (moving.length > 0) return null;
      const attempts = card.closeAttempts + 1;
      await tx
        .update(cards)
        .set({
          closeAttempts: attempts,
          nextCloseAttemptAt:
            attempts >= MAX_CLOSE_ATTEMPTS ? new Date('9999-01-01') : new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(cards.id, card.id));
      if (attempts >= MAX_CLOSE_ATTEMPTS) {
        deps.logger.error({ cardId: card.id }, 'a deleted card could not be closed at the issuer; needs review');
      }
      const ledger = await balanceOf(tx, cardAccount(card));
      if (ledger > 0) {
        if (ledger !== issuerHolds) {
          await reportCardDivergence(tx, card, { ledgerBalance: ledger, issuerBalance: issuerHolds }, now);
        }
        const amount = Math.min(ledger, issuerHolds);
        if (amount <= 0) return null;
        const op = await startOperation(tx, deps, { id: uuidv7(), card, kind: 'close', amount });
        return { submit: op.id };
      }
      return { deleteAt: issuerCardId };
    });
    if (next?.submit) {
      await submitOperation(deps, next.submit);
      returning += 1;
    }
    if (next?.deleteAt) {
      try {
        await deps.issuer.deleteCard(next.deleteAt);
      } catch (error) {
        if (!(error instanceof IssuerError && error.kind === 'not-found')) {
          deps.logger.warn(
            { err: error, cardId: candidate.id },
            'issuer could not delete a terminated card; it is retried',
          );
          continue;
        }
      }
      await deps.db
        .update(cards)
        .set({ issuerClosedAt: deps.now(), nextCloseAttemptAt: null })
        .where(eq(cards.id, candidate.id));
      closed += 1;
    }
  }
  return { closed, returning };
}
