import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CardRow, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';

/**
 * Asks the issuer to freeze a card the app holds frozen, at once, for an answer that says whether it did. The change
 * that froze the card queued the card-issuer-state job in its own transaction: that job keeps trying if this fails.
 */
export async function freezeAtIssuerNow(deps: Deps, card: Pick<CardRow, 'id' | 'issuerCardId'>): Promise<boolean> {
  if (!card.issuerCardId) return true;
  try {
    await deps.issuer.freezeCard(card.issuerCardId);
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, cardId: card.id }, 'issuer could not freeze a card; its job retries');
    return false;
  }
}

/** Queues the card-issuer-state job: the issuer is brought to hold the card frozen, retried until it does. */
export async function queueIssuerFreeze(db: Executor, deps: Pick<Deps, 'jobs'>, cardId: string): Promise<void> {
  await deps.jobs.enqueue(db, 'card-issuer-state', { cardId }, { key: cardId });
}

/**
 * The card-issuer-state queue's handler: a card the app holds frozen, deleted or failed is frozen at the issuer
 * (until it is closed there). Freezing is idempotent at the issuer; a failure is retried by the engine.
 */
export const matchIssuerState: JobHandler<'card-issuer-state'> = async (deps, { cardId }) => {
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card?.issuerCardId || card.issuerClosedAt || card.status === 'active' || card.status === 'pending') return;
  await deps.issuer.freezeCard(card.issuerCardId);
};
