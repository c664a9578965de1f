import type { Card } from '@coincard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { cardQueryKey } from './get-card';

/** A card action answered with the card as it is now: show it on the card page and in the list without a refetch. */
export function putCardInCache(queryClient: QueryClient, card: Card): void {
  queryClient.setQueryData(cardQueryKey(card._id), card);
  queryClient.setQueryData<Card[]>(cardsQueryKey, (cards) =>
    cards?.map((listed) => (listed._id === card._id ? card : listed)),
  );
}
