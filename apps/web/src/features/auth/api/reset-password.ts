import { type MessageResponse, messageSchema, type ResetPasswordBody } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return api.post('/auth/password/reset', body, import.meta.env.DEV && messageSchema);
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
