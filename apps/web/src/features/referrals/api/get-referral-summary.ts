import { type ReferralSummary, referralSummarySchema } from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { referralsQueryKey } from './referrals-query-key';

/** The signed-in user's rewards as a referrer (10 per page, newest first) and their own first-card bonus. */
export function getReferralSummary(page: number, signal?: AbortSignal): Promise<ReferralSummary> {
  return api.get(
    `/referrals?${new URLSearchParams({ page: String(page) })}`,
    import.meta.env.DEV && referralSummarySchema,
    signal,
  );
}

export function referralSummaryQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...referralsQueryKey, 'summary', { page }],
    queryFn: ({ signal }) => getReferralSummary(page, signal),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useReferralSummaryQuery(page: number) {
  return useQuery(referralSummaryQueryOptions(page));
}
