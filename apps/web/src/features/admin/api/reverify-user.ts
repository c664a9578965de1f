import { adminCardholderSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminUserQueryKey } from './admin-user-query-keys';

export function reverifyUser(userId: string, reason: string) {
  return api.post(
    `/admin/users/${encodeURIComponent(userId)}/cardholder/reverify`,
    { reason },
    import.meta.env.DEV && adminCardholderSchema,
  );
}

/**
 * Asks a user to verify their identity again (audited). Everything on the user's page is read again afterwards: the
 * cardholder is gone from their figures and the request is in their trail. A refusal stays in the form that sent it.
 */
export function useReverifyUserMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => reverifyUser(userId, reason),
    onSuccess: () => notifySuccess('The user must verify their identity again; they were told why.', 'Request sent'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
