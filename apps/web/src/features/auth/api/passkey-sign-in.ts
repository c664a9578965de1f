import { type MessageResponse, messageSchema, passkeyOptionsSchema } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { answerPasskeyPrompt } from '../../../lib/passkeys';

/** Signs in with a passkey alone (it checks the person itself): the prompt, the browser's answer, the session. */
export async function signInWithPasskey(): Promise<MessageResponse> {
  const options = await api.post('/auth/passkey/options', {}, import.meta.env.DEV && passkeyOptionsSchema);
  const credential = await answerPasskeyPrompt(options);
  return api.post('/auth/passkey/login', { credential }, import.meta.env.DEV && messageSchema);
}

export function usePasskeySignInMutation() {
  return useMutation({ mutationFn: signInWithPasskey });
}

/** At the 2FA step: a passkey of this account instead of a code (tied to this browser's sign-in, like a code). */
export async function finishWithPasskey(userId: string): Promise<MessageResponse> {
  const options = await api.post('/auth/2fa/passkey/options', { userId }, import.meta.env.DEV && passkeyOptionsSchema);
  const credential = await answerPasskeyPrompt(options);
  return api.post('/auth/2fa/passkey', { userId, credential }, import.meta.env.DEV && messageSchema);
}

export function usePasskeySecondFactorMutation() {
  return useMutation({ mutationFn: finishWithPasskey });
}
