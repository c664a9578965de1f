import { type ActivityKind, type ActivityPage, activityPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activityQueryKey } from '../../../lib/activity-query-key';
import { api } from '../../../lib/api-client';
import { backoffRefetchInterval } from '../../../lib/backoff-refetch';
import { currentUserQueryKey } from '../../../lib/current-user-key';

export type ActivityFilters = {
  page: number;
  pageSize: number;
  kind?: ActivityKind | null;
  cardId?: string | null;
  from?: string | null;
  to?: string | null;
  q?: string | null;
};

function searchOf(filters: ActivityFilters): URLSearchParams {
  const query = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
  for (const key of ['kind', 'cardId', 'from', 'to', 'q'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  return query;
}

export function getActivity(filters: ActivityFilters, signal?: AbortSignal): Promise<ActivityPage> {
  return api.get(`/activity?${searchOf(filters)}`, import.meta.env.DEV && activityPageSchema, signal);
}

/** The top-ups on a page still waiting for payment, by id: a new one starts the polling waits again. */
const pendingIds = (page: ActivityPage | undefined): string | null => {
  const ids = page?.items.filter((line) => line.status === 'pending').map((line) => line.id) ?? [];
  return ids.length > 0 ? ids.join(',') : null;
};

export function activityQueryOptions(filters: ActivityFilters) {
  return queryOptions({
    queryKey: [...activityQueryKey, filters],
    queryFn: ({ signal }) => getActivity(filters, signal),
    placeholderData: keepPreviousData,
    // A payment happens in another tab: coming back shows its outcome without a reload.
    refetchOnWindowFocus: true,
    // While a top-up waits for payment the page keeps itself current, backing off, and not in a hidden tab.
    refetchInterval: backoffRefetchInterval(pendingIds),
    refetchIntervalInBackground: false,
  });
}

/** When a top-up seen as pending has ended, the balance may have changed: the current user is read again. */
export function useActivityQuery(filters: ActivityFilters) {
  const query = useQuery(activityQueryOptions(filters));
  const queryClient = useQueryClient();
  const pending = useRef(new Set<string>());
  const items = query.data?.items;
  useEffect(() => {
    if (!items) return;
    let settled = false;
    for (const line of items) {
      if (line.kind !== 'top_up') continue;
      if (line.status === 'pending') pending.current.add(line.topUp?.depositId ?? line.id);
      else if (pending.current.delete(line.topUp?.depositId ?? line.id)) settled = true;
    }
    if (settled) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [items, queryClient]);
  return query;
}

/** Where the browser downloads the statement between two days as CSV (the session cookie goes with it). */
export const exportUrl = (from: string, to: string) => `/api/activity/export?${new URLSearchParams({ from, to })}`;
