import { DEFAULT_PAGE_SIZE, type UsersPage, usersPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type AdminListParams, adminListQueryString } from './admin-list-query';

/** Every page and search of the admin users list starts with this key. */
export const adminUsersQueryKey = ['admin', 'users'] as const;

export function getUsers(params: AdminListParams, signal?: AbortSignal): Promise<UsersPage> {
  return api.get(`/user/all?${adminListQueryString(params)}`, import.meta.env.DEV && usersPageSchema, signal);
}

export function usersQueryOptions(params: AdminListParams) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, { ...params, pageSize: DEFAULT_PAGE_SIZE }],
    queryFn: ({ signal }) => getUsers(params, signal),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    // Coming back to the tab shows accounts and payments that changed meanwhile.
    refetchOnWindowFocus: true,
  });
}

export function useUsersQuery(params: AdminListParams) {
  return useQuery(usersQueryOptions(params));
}
