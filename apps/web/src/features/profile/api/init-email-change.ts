import { type MessageResponse, messageSchema } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function initEmailChange(newEmail: string): Promise<MessageResponse> {
  return api.post('/user/update/email/init', { newEmail }, messageSchema);
}

export function useInitEmailChangeMutation() {
  return useMutation({ mutationFn: initEmailChange });
}
