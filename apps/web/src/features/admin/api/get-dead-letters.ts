import { DEFAULT_PAGE_SIZE, type DeadLettersPage, deadLettersPageSchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminJobsQueryKey } from './admin-user-query-keys';

export type DeadLettersParams = { queue: string | null; page: number };

export function deadLettersQueryString({ queue, page }: DeadLettersParams): string {
  const query = new URLSearchParams();
  if (queue) query.set('queue', queue);
  query.set('page', String(page));
  query.set('pageSize', String(DEFAULT_PAGE_SIZE));
  return query.toString();
}

export function getDeadLetters(params: DeadLettersParams, signal?: AbortSignal): Promise<DeadLettersPage> {
  return api.get(
    `/admin/jobs/dead-letters?${deadLettersQueryString(params)}`,
    import.meta.env.DEV && deadLettersPageSchema,
    signal,
  );
}

export function deadLettersQueryOptions(params: DeadLettersParams) {
  return queryOptions({
    queryKey: [...adminJobsQueryKey, 'dead-letters', params],
    queryFn: ({ signal }) => getDeadLetters(params, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useDeadLettersQuery(params: DeadLettersParams) {
  return useQuery(deadLettersQueryOptions(params));
}
