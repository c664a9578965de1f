import { type User, userSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import { currentUserQueryKey } from './current-user-key';
import { mayHaveSession } from './session-hint';

/**
 * The signed-in user, or null when there is no session: at once for a browser without the session marker, else after
 * a 401 that the refresh attempt could not mend.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  if (!mayHaveSession()) return null;
  try {
    return await api.get('/user', import.meta.env.DEV && userSchema, signal);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The current user is cached indefinitely and not refetched on window focus (docs/product-rules.md, Data freshness).
 * A browser without the session marker is a guest from the first render, not after a pending check: a guest page
 * prerendered to HTML then hydrates into exactly what it shows.
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
  initialData: () => (mayHaveSession() ? undefined : null),
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
