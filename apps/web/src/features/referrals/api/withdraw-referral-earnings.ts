import { type ReferralWithdrawResponse, referralWithdrawResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { referralsQueryKey } from './referrals-query-key';

export function withdrawReferralEarnings(): Promise<ReferralWithdrawResponse> {
  return api.post('/referrals/withdraw', {}, import.meta.env.DEV && referralWithdrawResponseSchema);
}

/**
 * Moves the whole withdrawable amount into the account balance. Afterwards the stats, the rewards and the current
 * user (whose balance grew) are read again, whatever the answer, so the page never shows a stale amount.
 */
export function useWithdrawReferralEarningsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawReferralEarnings,
    onSuccess: ({ message }) => notifySuccess(message, 'Earnings withdrawn'),
    onError: (error) => notifyError(error, 'Your earnings could not be withdrawn. Please try again.'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralsQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
