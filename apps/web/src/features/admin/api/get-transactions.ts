import { DEFAULT_PAGE_SIZE, type DepositsPage, depositsPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type AdminListParams, adminListQueryString } from './admin-list-query';

/** Every page and search of the platform's transactions starts with this key. */
export const adminTransactionsQueryKey = ['admin', 'transactions'] as const;

export function getTransactions(params: AdminListParams, signal?: AbortSignal): Promise<DepositsPage> {
  return api.get(
    `/transactions/all?${adminListQueryString(params)}`,
    import.meta.env.DEV && depositsPageSchema,
    signal,
  );
}

export function transactionsQueryOptions(params: AdminListParams) {
  return queryOptions({
    queryKey: [...adminTransactionsQueryKey, { ...params, pageSize: DEFAULT_PAGE_SIZE }],
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
    // Coming back to the tab shows accounts and payments that changed meanwhile.
    refetchOnWindowFocus: true,
  });
}

export function useTransactionsQuery(params: AdminListParams) {
  return useQuery(transactionsQueryOptions(params));
}
