import { messageSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminUserStatsQueryKey } from './admin-user-query-keys';
import { adminUsersQueryKey } from './get-users';

const toggleSuspensionResponseSchema = messageSchema.extend({ isSuspended: z.boolean() });

/** Suspends an active account, or activates a suspended one: the server flips it. */
export function toggleUserSuspension(userId: string) {
  return api.patch(`/admin/suspend/${encodeURIComponent(userId)}`, {}, toggleSuspensionResponseSchema);
}

/**
 * Suspend Account / Activate Account. The user's figures, the users list and the audit trail are read again
 * afterwards; a refusal (403 for oneself or another admin) is a toast with the server's message.
 */
export function useToggleUserSuspensionMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleUserSuspension(userId),
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
