import { type User, userSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import { currentUserQueryKey } from './current-user-key';

/** The signed-in user, or null when there is no session (401 after the refresh attempt). */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get('/user', userSchema, signal);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** Spec: the current user is cached indefinitely and not refetched on window focus. */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
