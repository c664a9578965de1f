import { type Card, cardsSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { CARD_POLL_MS, isCardMoving, refreshWhereMoneyArrived } from './card-settlement';
import { cardQueryKey } from './get-card';

export function getCards(signal?: AbortSignal): Promise<Card[]> {
  return api.get('/cards', import.meta.env.DEV && cardsSchema, signal);
}

/** The user's live cards; read again every 2 s while one is being created or has money on its way. */
export function cardsQueryOptions() {
  return queryOptions({
    queryKey: cardsQueryKey,
    queryFn: async ({ signal, client }) => {
      const before = client.getQueryData<Card[]>(cardsQueryKey);
      const cards = await getCards(signal);
      refreshWhereMoneyArrived(client, before, cards, cardQueryKey);
      return cards;
    },
    refetchInterval: (query) => (query.state.data?.some(isCardMoving) ? CARD_POLL_MS : false),
  });
}

export function useCardsQuery() {
  return useQuery(cardsQueryOptions());
}
