import { unreadAlertsSchema } from '@coincard/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertsListQueryKey, unreadAlertsQueryKey } from './alerts-query-keys';
import { type ListedAlertsPage, listedAlertsPageSchema } from './listed-alert';

/** The live stream refreshes these; polling is the fallback when the stream is closed (a minute apart). */
const FALLBACK_POLL_MS = 60_000;

export function getAlerts(page: number, signal?: AbortSignal): Promise<ListedAlertsPage> {
  return api.get(`/alerts?page=${page}`, import.meta.env.DEV && listedAlertsPageSchema, signal);
}

/** The bell's list: newest first, a page of 20 at a time ("Show older"), read only while the list is open. */
export function useAlertsList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: alertsListQueryKey,
    queryFn: ({ pageParam, signal }) => getAlerts(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
    enabled,
  });
}

export function useUnreadAlerts(live: boolean) {
  return useQuery({
    queryKey: unreadAlertsQueryKey,
    queryFn: ({ signal }) => api.get('/alerts/unread-count', import.meta.env.DEV && unreadAlertsSchema, signal),
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  });
}
