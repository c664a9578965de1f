import { type JobsOverview, jobsOverviewSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminJobsQueryKey } from './admin-user-query-keys';

export function getJobsOverview(signal?: AbortSignal): Promise<JobsOverview> {
  return api.get('/admin/jobs', import.meta.env.DEV && jobsOverviewSchema, signal);
}

/** The queues' backlog moves by itself: read again every 15 s while the page is open, and on return to the tab. */
export function jobsOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...adminJobsQueryKey, 'overview'],
    queryFn: ({ signal }) => getJobsOverview(signal),
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });
}

export function useJobsOverviewQuery() {
  return useQuery(jobsOverviewQueryOptions());
}
