import { type ChangeEmailInitBody, type MessageResponse, messageSchema } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function initEmailChange(body: ChangeEmailInitBody): Promise<MessageResponse> {
  return api.post('/user/update/email/init', body, import.meta.env.DEV && messageSchema);
}

export function useInitEmailChangeMutation() {
  return useMutation({ mutationFn: initEmailChange });
}
