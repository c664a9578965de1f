import { DEFAULT_PAGE_SIZE, type Deposit, type DepositsPage, depositsPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { backoffRefetchInterval } from '../../../lib/backoff-refetch';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { depositQueryKeyRoot } from './deposit-query-keys';

/** Every query of the user's own deposits starts with this key, so one invalidation refreshes all pages. */
export const depositsQueryKey = ['deposits', 'own'] as const;

export function getDeposits(page: number, signal?: AbortSignal): Promise<DepositsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  return api.get(`/transactions?${query}`, depositsPageSchema, signal);
}

/** The pending deposits on a page, named by their ids: a new one starts the polling waits again from 4 s. */
const pendingIds = (page: DepositsPage | undefined): string | null => {
  const ids = page?.transactions.filter((deposit) => deposit.status === 'PENDING').map((deposit) => deposit._id) ?? [];
  return ids.length > 0 ? ids.join(',') : null;
};

export function depositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...depositsQueryKey, { page, pageSize: DEFAULT_PAGE_SIZE }],
    queryFn: ({ signal }) => getDeposits(page, signal),
    placeholderData: keepPreviousData,
    // A payment happens in another tab: coming back should show its outcome without a reload.
    refetchOnWindowFocus: true,
    // Only page 1 can hold a deposit still being paid; polls back off from 4 s to 15 s and skip a hidden tab.
    refetchInterval: page === 1 ? backoffRefetchInterval(pendingIds) : false,
    refetchIntervalInBackground: false,
  });
}

/**
 * When a deposit seen as PENDING is final, the balance may have changed: refetch the current user, and the invoice the
 * Add Funds modal may be showing.
 */
function useRefreshBalanceWhenSettled(deposits: readonly Deposit[] | undefined) {
  const queryClient = useQueryClient();
  const pendingIds = useRef(new Set<string>());

  useEffect(() => {
    if (!deposits) return;
    let hasSettled = false;
    for (const deposit of deposits) {
      if (deposit.status === 'PENDING') {
        pendingIds.current.add(deposit._id);
      } else if (pendingIds.current.delete(deposit._id)) {
        hasSettled = true;
      }
    }
    if (!hasSettled) return;
    for (const queryKey of [currentUserQueryKey, depositQueryKeyRoot]) void queryClient.invalidateQueries({ queryKey });
  }, [deposits, queryClient]);
}

export function useDepositsQuery(page: number) {
  const query = useQuery(depositsQueryOptions(page));
  useRefreshBalanceWhenSettled(query.data?.transactions);
  return query;
}
