import { toggleUserTwoFactorResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminUserStatsQueryKey } from './admin-user-query-keys';
import { adminUsersQueryKey } from './get-users';

export function setUserTwoFactor(userId: string, enabled: boolean) {
  return api.patch(
    `/admin/2fa/${encodeURIComponent(userId)}`,
    { enabled },
    import.meta.env.DEV && toggleUserTwoFactorResponseSchema,
  );
}

/**
 * Turns another user's e-mailed sign-in code on or off. The user's figures are read again afterwards
 * (docs/product-rules.md, Data freshness), whatever the answer; a refusal (403 for another admin's 2FA) is a toast with
 * the server's message.
 */
export function useToggleUserTwoFactorMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setUserTwoFactor(userId, enabled),
    onSuccess: ({ message, isTwoFactorEnabled }) =>
      notifySuccess(message, isTwoFactorEnabled ? 'Two-factor on' : 'Two-factor off'),
    onError: (error) => notifyError(error, 'Two-factor could not be changed. Please try again.'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserStatsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
