import { type CardTransactionsPage, cardTransactionsPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every page of one card's history starts with this key, so one invalidation refreshes them all. */
export const cardTransactionsQueryKey = (cardId: string) => ['card-transactions', cardId] as const;

export function getCardTransactions(cardId: string, page: number, signal?: AbortSignal): Promise<CardTransactionsPage> {
  const query = new URLSearchParams({ page_no: String(page) });
  return api.get(
    `/cards/${encodeURIComponent(cardId)}/transactions?${query}`,
    import.meta.env.DEV && cardTransactionsPageSchema,
    signal,
  );
}

export function cardTransactionsQueryOptions(cardId: string, page: number) {
  return queryOptions({
    queryKey: [...cardTransactionsQueryKey(cardId), { page }],
    queryFn: ({ signal }) => getCardTransactions(cardId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCardTransactionsQuery(cardId: string, page: number) {
  return useQuery(cardTransactionsQueryOptions(cardId, page));
}
