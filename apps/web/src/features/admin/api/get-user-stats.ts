import { type AdminUserStats, adminUserStatsSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserStatsQueryKey } from './admin-user-query-keys';

/** One user with their card, revenue and referral figures (all money in cents). */
export function getUserStats(userId: string, signal?: AbortSignal): Promise<AdminUserStats> {
  return api.get(
    `/admin/stats/user/${encodeURIComponent(userId)}`,
    import.meta.env.DEV && adminUserStatsSchema,
    signal,
  );
}

export function userStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: adminUserStatsQueryKey(userId),
    queryFn: ({ signal }) => getUserStats(userId, signal),
    refetchOnWindowFocus: true,
  });
}

export function useUserStatsQuery(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
