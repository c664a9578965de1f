import { type Card, cardSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { CARD_POLL_MS, isCardMoving, refreshWhereMoneyArrived } from './card-settlement';

/** One card (GET /cards/{id}/public). Its own root, so refreshing the list does not refetch every open card. */
export const cardQueryKey = (cardId: string) => ['card', cardId] as const;

export function getCard(cardId: string, signal?: AbortSignal): Promise<Card> {
  return api.get(`/cards/${encodeURIComponent(cardId)}/public`, import.meta.env.DEV && cardSchema, signal);
}

const listKey = () => cardsQueryKey;

/** Read again every 2 s while the card is being created or money is on its way (pendingOperations). */
export function cardQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: cardQueryKey(cardId),
    queryFn: async ({ signal, client }) => {
      const before = client.getQueryData<Card>(cardQueryKey(cardId));
      const card = await getCard(cardId, signal);
      refreshWhereMoneyArrived(client, before ? [before] : undefined, [card], listKey);
      return card;
    },
    refetchInterval: (query) => (query.state.data && isCardMoving(query.state.data) ? CARD_POLL_MS : false),
  });
}

export function useCardQuery(cardId: string) {
  return useQuery(cardQueryOptions(cardId));
}
