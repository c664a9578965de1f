import { type ForgotPasswordBody, type MessageResponse, messageSchema } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return api.post('/auth/password/forgot', body, import.meta.env.DEV && messageSchema);
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
