import { type MessageResponse, messageSchema, type TwoFactorVerifyBody } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function verifyTwoFactor(body: TwoFactorVerifyBody): Promise<MessageResponse> {
  return api.post('/auth/2fa/verify', body, import.meta.env.DEV && messageSchema);
}

export function useVerifyTwoFactorMutation() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
