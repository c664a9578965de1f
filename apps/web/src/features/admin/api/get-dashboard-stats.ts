import { type AdminDashboardStats, adminDashboardStatsSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

/** The platform figures, with page `paidPage` of Recent Platform Transactions (5 per page). */
export function getDashboardStats(paidPage: number, signal?: AbortSignal): Promise<AdminDashboardStats> {
  const query = new URLSearchParams({ paidPage: String(paidPage) });
  return api.get(`/admin/stats/dashboard?${query}`, import.meta.env.DEV && adminDashboardStatsSchema, signal);
}

export function dashboardStatsQueryOptions(paidPage: number) {
  return queryOptions({
    queryKey: [...adminDashboardQueryKey, { paidPage }],
    queryFn: ({ signal }) => getDashboardStats(paidPage, signal),
    // Paging the transactions keeps the figures on screen instead of blanking the dashboard.
    placeholderData: keepPreviousData,
    // Coming back to the tab shows the platform as it is now.
    refetchOnWindowFocus: true,
  });
}

export function useDashboardStatsQuery(paidPage: number) {
  return useQuery(dashboardStatsQueryOptions(paidPage));
}
