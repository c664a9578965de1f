import type { Card } from '@coincard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { cardTransactionsQueryKey } from './get-card-transactions';

/** How often a card with money on its way (or still being created) is read again. */
export const CARD_POLL_MS = 2000;

/** Money on its way to or from the card, or the card itself still being created at the issuer. */
export const isCardMoving = (card: Card) => card.status === 'pending' || card.pendingOperations.length > 0;

const hasPendingOperations = (card: Card) => card.pendingOperations.length > 0;

/**
 * Called with each fresh read of cards and what the cache held before it: when money seen on its way has arrived,
 * the balances and the card's history have changed, so the user, the card's transactions and `alsoRefresh(cardId)`
 * (the list or the card, whichever did not just answer) are refetched. Done in the query function, so it runs once
 * per read however many components show the cards.
 */
export function refreshWhereMoneyArrived(
  client: QueryClient,
  before: readonly Card[] | undefined,
  after: readonly Card[],
  alsoRefresh: (cardId: string) => QueryKey,
): void {
  const wasMoving = new Set(before?.filter(hasPendingOperations).map((card) => card._id));
  const arrived = after.filter((card) => wasMoving.has(card._id) && !hasPendingOperations(card));
  if (arrived.length === 0) return;
  const keys: QueryKey[] = [currentUserQueryKey];
  for (const card of arrived) keys.push(cardTransactionsQueryKey(card._id), alsoRefresh(card._id));
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}
