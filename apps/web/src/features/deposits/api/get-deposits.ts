import { DEFAULT_PAGE_SIZE, type Deposit, type DepositsPage, depositsPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';

/** Every query of the user's own deposits starts with this key, so one invalidation refreshes all pages. */
export const depositsQueryKey = ['deposits', 'own'] as const;

/** How often the first page is refetched while it holds a deposit waiting for payment. */
export const PENDING_POLL_MS = 4000;

export function getDeposits(page: number, signal?: AbortSignal): Promise<DepositsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  return api.get(`/transactions?${query}`, depositsPageSchema, signal);
}

const hasPending = (page: DepositsPage | undefined) =>
  page?.transactions.some((deposit) => deposit.status === 'PENDING') ?? false;

export function depositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...depositsQueryKey, { page, pageSize: DEFAULT_PAGE_SIZE }],
    queryFn: ({ signal }) => getDeposits(page, signal),
    placeholderData: keepPreviousData,
    // A payment happens in another tab: coming back should show its outcome without a reload.
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (page === 1 && hasPending(query.state.data) ? PENDING_POLL_MS : false),
  });
}

/** When a deposit seen as PENDING is final, the balance may have changed: refetch the current user. */
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
    if (hasSettled) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [deposits, queryClient]);
}

export function useDepositsQuery(page: number) {
  const query = useQuery(depositsQueryOptions(page));
  useRefreshBalanceWhenSettled(query.data?.transactions);
  return query;
}
