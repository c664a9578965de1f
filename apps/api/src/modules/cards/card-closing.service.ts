import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { cardOperations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { cardAccount, startOperation, submitOperation } from './card-operations.service.js';
import { IN_TRANSIT_STATUSES } from './card-views.js';

/**
 * The close-deleted-cards job finishes deletions: a terminated card still holding money (a close that failed, a
 * refund that arrived after deletion) sends it back to the balance; an empty one is deleted at the issuer.
 */
export async function closeDeletedCards(deps: Deps): Promise<{ closed: number }> {
  const candidates = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.status, 'terminated'), isNull(cards.issuerClosedAt), isNotNull(cards.issuerCardId)))
    .limit(50);
  let closed = 0;
  for (const { id } of candidates) {
    const next = await deps.db.transaction(async (tx) => {
      const [card] = await tx.select().from(cards).where(eq(cards.id, id)).for('update', { skipLocked: true });
      if (!card?.issuerCardId || card.issuerClosedAt) return null;
      const moving = await tx
        .select({ id: cardOperations.id })
        .from(cardOperations)
        .where(and(eq(cardOperations.cardId, card.id), inArray(cardOperations.status, [...IN_TRANSIT_STATUSES])))
        .limit(1);
      if (moving.length > 0) return null;
      const balance = await balanceOf(tx, cardAccount(card));
      if (balance > 0) {
        const op = await startOperation(tx, deps, { id: uuidv7(), card, kind: 'close', amount: balance });
        return { submit: op.id };
      }
      return { deleteAt: card.issuerCardId };
    });
    if (next?.submit) await submitOperation(deps, next.submit);
    if (next?.deleteAt) {
      try {
        await deps.issuer.deleteCard(next.deleteAt);
      } catch (error) {
        if (!(error instanceof IssuerError && error.kind === 'not-found')) {
          deps.logger.warn({ err: error, cardId: id }, 'issuer could not delete a terminated card; it is retried');
          continue;
        }
      }
      await deps.db.update(cards).set({ issuerClosedAt: deps.now() }).where(eq(cards.id, id));
      closed += 1;
    }
  }
  return { closed };
}
