import { DEFAULT_PAGE_SIZE, type DepositsPage, depositsPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserDepositsQueryKey } from './admin-user-query-keys';

/** One user's top-ups, newest first, 10 per page. */
export function getUserDeposits(userId: string, page: number, signal?: AbortSignal): Promise<DepositsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  return api.get(
    `/admin/users/${encodeURIComponent(userId)}/deposits?${query}`,
    import.meta.env.DEV && depositsPageSchema,
    signal,
  );
}

export function userDepositsQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: [...adminUserDepositsQueryKey(userId), { page, pageSize: DEFAULT_PAGE_SIZE }],
    queryFn: ({ signal }) => getUserDeposits(userId, page, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useUserDepositsQuery(userId: string, page: number) {
  return useQuery(userDepositsQueryOptions(userId, page));
}
