import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from './current-user-key';

/**
 * The API client already tried to refresh, so an InvalidAccessToken reaching a caller means the session is
 * over. Checked by shape so the app shell does not pull in the API client.
 */
export function isSessionOver(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, errorCode } = error as { status?: unknown; errorCode?: unknown };
  return status === 401 && errorCode === 'InvalidAccessToken';
}

/**
 * The product's queries do not retry (docs/product-rules.md, Data freshness). A session that ends mid-use forgets the
 * user, so guards send to /login. Mutations run whatever the connection (`networkMode: 'always'`): TanStack Query's
 * default pauses one made offline and sends it when the connection returns, so a freeze, a load or a top-up tapped
 * offline would spin without a word and then happen by surprise. Run at once, it fails at once with the API client's
 * offline message, and nothing is ever replayed (decision 035). Reads keep the default: paused offline, read again on
 * reconnect.
 */
export function createQueryClient(): QueryClient {
  const forgetUserWhenSessionIsOver = (error: unknown) => {
    if (isSessionOver(error)) queryClient.setQueryData(currentUserQueryKey, null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: forgetUserWhenSessionIsOver }),
    mutationCache: new MutationCache({ onError: forgetUserWhenSessionIsOver }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return queryClient;
}
