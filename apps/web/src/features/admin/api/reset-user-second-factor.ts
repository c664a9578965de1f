import { toggleUserTwoFactorResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminUserStatsQueryKey } from './admin-user-query-keys';
import { adminUsersQueryKey } from './get-users';

/**
 * Support's reset of a user's second factor (docs/decisions/027-account-takeover.md): the authenticator app, its
 * recovery codes and the passkeys go, e-mail codes go on, every session ends, and the user is told by e-mail.
 */
export function useResetUserSecondFactorMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(
        `/admin/users/${encodeURIComponent(userId)}/second-factor/reset`,
        {},
        import.meta.env.DEV && toggleUserTwoFactorResponseSchema,
      ),
    onSuccess: ({ message }) => notifySuccess(message, 'Second factor reset'),
    onError: (error) => notifyError(error, 'The second factor could not be reset. Please try again.'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserStatsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
