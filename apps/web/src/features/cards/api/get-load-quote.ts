import { type LoadQuoteResponse, loadQuoteSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const loadQuoteQueryKey = (cardId: string, amount: number, includesFee: boolean) =>
  ['card-load-quote', cardId, { amount, includesFee }] as const;

/** What a load would cost and put on the card, and whether it would go through now (and if not, why). */
export function getLoadQuote(
  cardId: string,
  amount: number,
  includesFee: boolean,
  signal?: AbortSignal,
): Promise<LoadQuoteResponse> {
  const query = new URLSearchParams({ amount: String(amount), includesFee: String(includesFee) });
  return api.get(
    `/cards/${encodeURIComponent(cardId)}/load-quote?${query}`,
    import.meta.env.DEV && loadQuoteSchema,
    signal,
  );
}

export function loadQuoteQueryOptions(cardId: string, amount: number, includesFee: boolean) {
  return queryOptions({
    queryKey: loadQuoteQueryKey(cardId, amount, includesFee),
    queryFn: ({ signal }) => getLoadQuote(cardId, amount, includesFee, signal),
    placeholderData: keepPreviousData,
  });
}

/** `amount` is null while the typed amount is not one the API would quote: nothing is asked then. */
export function useLoadQuoteQuery(cardId: string, amount: number | null, includesFee: boolean) {
  return useQuery({ ...loadQuoteQueryOptions(cardId, amount ?? 0, includesFee), enabled: amount !== null });
}
