import { type ReferralStats, referralStatsSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { referralsQueryKey } from './referrals-query-key';

/** Earnings, what was withdrawn, what can be withdrawn now and what is missing to the $25 payout. */
export function getReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  return api.get('/referrals/stats', import.meta.env.DEV && referralStatsSchema, signal);
}

export function referralStatsQueryOptions() {
  return queryOptions({
    queryKey: [...referralsQueryKey, 'stats'],
    queryFn: ({ signal }) => getReferralStats(signal),
  });
}

export function useReferralStatsQuery() {
  return useQuery(referralStatsQueryOptions());
}
