import { type ChangePasswordBody, type MessageResponse, messageSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';

export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return api.post('/user/update/password', body, import.meta.env.DEV && messageSchema);
}

export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
