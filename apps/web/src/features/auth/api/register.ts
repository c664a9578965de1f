import { type MessageResponse, messageSchema, type RegisterBody } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function register(body: RegisterBody): Promise<MessageResponse> {
  return api.post('/auth/register', body, import.meta.env.DEV && messageSchema);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
