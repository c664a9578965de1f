import { type Deposit, depositSchema } from '@coincard/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activityQueryKey } from '../../../lib/activity-query-key';
import { api } from '../../../lib/api-client';
import { backoffRefetchInterval, restartBackoffs } from '../../../lib/backoff-refetch';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { depositQueryKey } from './deposit-query-keys';
import { depositsQueryKey } from './get-deposits';

export function getDeposit(depositId: string, signal?: AbortSignal): Promise<Deposit> {
  return api.get(`/transactions/${encodeURIComponent(depositId)}`, import.meta.env.DEV && depositSchema, signal);
}

const pendingId = (deposit: Deposit | undefined) => (deposit?.status === 'PENDING' ? deposit._id : null);

/**
 * The deposit just created, followed while it is PENDING (the payment happens in another tab): polled with the same
 * back-off as the list, and read at once when the tab is shown again. Starts from the creation's answer.
 */
export function depositQueryOptions(created: Deposit) {
  return queryOptions({
    queryKey: depositQueryKey(created._id),
    queryFn: ({ signal }) => getDeposit(created._id, signal),
    initialData: created,
    // The creation's answer is fresh: no second read on mount, but every return to the tab reads it again.
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    refetchInterval: backoffRefetchInterval(pendingId),
    refetchIntervalInBackground: false,
  });
}

/**
 * Follows the deposit; once it is final, the balance and the top-ups list are read again. So are they when the payment
 * step is left (Close, Done, a top-up for the rest), and their polls start again from the shortest wait: the person is
 * back on the page behind, maybe just after paying.
 */
export function useFollowedDeposit(created: Deposit): Deposit {
  const queryClient = useQueryClient();
  const { data } = useQuery(depositQueryOptions(created));
  const wasPending = useRef(created.status === 'PENDING');

  useEffect(() => {
    if (!wasPending.current || data.status === 'PENDING') return;
    wasPending.current = false;
    for (const queryKey of [currentUserQueryKey, depositsQueryKey, activityQueryKey])
      void queryClient.invalidateQueries({ queryKey });
  }, [data.status, queryClient]);

  useEffect(
    () => () => {
      restartBackoffs();
      for (const queryKey of [currentUserQueryKey, depositsQueryKey, activityQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );

  return data;
}
