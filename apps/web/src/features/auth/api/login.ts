import { type LoginBody, type LoginResponse, loginResponseSchema } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post('/auth/login', body, import.meta.env.DEV && loginResponseSchema);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
