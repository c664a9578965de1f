import { messageSchema, type StepUpFields } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useAuthenticatorStatus } from './authenticator';

/** Which second factors the signed-in user has on: they decide whether a change also asks for a code. */
export type SecondFactor = { email: boolean; app: boolean };

export function useSecondFactor(): SecondFactor {
  const user = useCurrentUser();
  const authenticator = useAuthenticatorStatus();
  return { email: user.data?.isTwoFactorEnabled ?? false, app: authenticator.data?.enabled ?? false };
}

export const needsCode = (factor: SecondFactor) => factor.email || factor.app;

/** Mails a step-up code (the server sends one only when e-mail two-factor is on). */
export function useSendStepUpCodeMutation() {
  return useMutation({ mutationFn: () => api.post('/user/step-up/code', {}, messageSchema) });
}

/** What the request carries: the code only when a second factor asks for one. */
export function stepUpBody(values: StepUpFields, factor: SecondFactor): StepUpFields {
  const code = values.code?.trim();
  return needsCode(factor) && code
    ? { currentPassword: values.currentPassword, code }
    : { currentPassword: values.currentPassword };
}
