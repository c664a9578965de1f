import { type MessageResponse, messageSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';

export function verifyEmailChange(otp: string): Promise<MessageResponse> {
  return api.post('/user/update/email/verify', { otp }, import.meta.env.DEV && messageSchema);
}

export function useVerifyEmailChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
