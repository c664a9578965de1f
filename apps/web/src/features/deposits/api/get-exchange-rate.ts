import { type ExchangeRate, exchangeRateSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Rates move: the shown rate is refreshed every half minute while the amount step is open. */
const RATE_REFRESH_MS = 30_000;

export function getExchangeRate(currency: string, signal?: AbortSignal): Promise<ExchangeRate> {
  return api.get(
    `/transactions/exchange-rate/${encodeURIComponent(currency)}`,
    import.meta.env.DEV && exchangeRateSchema,
    signal,
  );
}

export function exchangeRateQueryOptions(currency: string) {
  return queryOptions({
    queryKey: ['exchange-rate', currency],
    queryFn: ({ signal }) => getExchangeRate(currency, signal),
    staleTime: RATE_REFRESH_MS,
    refetchInterval: RATE_REFRESH_MS,
  });
}

export function useExchangeRateQuery(currency: string) {
  return useQuery(exchangeRateQueryOptions(currency));
}
