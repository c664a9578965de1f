import { toggleSuspensionResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminUserStatsQueryKey } from './admin-user-query-keys';
import { adminUsersQueryKey } from './get-users';

/** Suspends or activates an account. The state wanted is sent, so a double click or a retry cannot undo it. */
export function setUserSuspension(userId: string, suspended: boolean) {
  return api.patch(
    `/admin/suspend/${encodeURIComponent(userId)}`,
    { suspended },
    import.meta.env.DEV && toggleSuspensionResponseSchema,
  );
}

/**
 * Suspend Account / Activate Account. The user's figures, the users list and the audit trail are read again
 * afterwards; a refusal (403 for oneself or another admin) is a toast with the server's message.
 */
export function useSetUserSuspensionMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suspended: boolean) => setUserSuspension(userId, suspended),
    onSuccess: ({ message, isSuspended }) =>
      notifySuccess(message, isSuspended ? 'Account suspended' : 'Account active'),
    onError: (error) => notifyError(error, 'The account could not be changed. Please try again.'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserStatsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
