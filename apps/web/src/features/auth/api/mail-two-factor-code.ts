import { type MessageResponse, messageSchema } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** At the 2FA step of an authenticator user who also has e-mail codes on: mail a code instead. */
export function mailTwoFactorCode(userId: string): Promise<MessageResponse> {
  return api.post('/auth/2fa/email', { userId }, import.meta.env.DEV && messageSchema);
}

export function useMailTwoFactorCodeMutation() {
  return useMutation({ mutationFn: mailTwoFactorCode });
}
