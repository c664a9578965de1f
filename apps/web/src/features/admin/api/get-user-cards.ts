import { type AdminCard, adminCardsSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserCardsQueryKey } from './admin-user-query-keys';

/** Every card the user ever had, deleted (terminated) ones included. */
export function getUserCards(userId: string, signal?: AbortSignal): Promise<AdminCard[]> {
  return api.get(`/admin/users/${encodeURIComponent(userId)}/cards`, import.meta.env.DEV && adminCardsSchema, signal);
}

export function userCardsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: adminUserCardsQueryKey(userId),
    queryFn: ({ signal }) => getUserCards(userId, signal),
    refetchOnWindowFocus: true,
  });
}

export function useUserCardsQuery(userId: string) {
  return useQuery(userCardsQueryOptions(userId));
}
