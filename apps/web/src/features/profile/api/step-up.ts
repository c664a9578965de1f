import { messageSchema, type StepUpFields } from '@coincard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useAuthenticatorStatus } from './authenticator';
import { usePasskeysQuery } from './passkeys';

/** Which second factors the signed-in user has on: they decide whether a change also asks for a code or passkey. */
export type SecondFactor = { email: boolean; app: boolean; passkey: boolean };

export function useSecondFactor(): SecondFactor {
  const user = useCurrentUser();
  const authenticator = useAuthenticatorStatus();
  const passkeys = usePasskeysQuery();
  return {
    email: user.data?.isTwoFactorEnabled ?? false,
    app: authenticator.data?.enabled ?? false,
    passkey: (passkeys.data?.passkeys.length ?? 0) > 0,
  };
}

/** A code field is shown when a factor that gives codes is on (the mailed code, the authenticator app). */
export const hasCodes = (factor: SecondFactor) => factor.email || factor.app;
/** A change asks for a second factor besides the password when any is on. */
export const needsSecondFactor = (factor: SecondFactor) => hasCodes(factor) || factor.passkey;

/** Mails a step-up code (the server sends one only when e-mail two-factor is on). */
export function useSendStepUpCodeMutation() {
  return useMutation({ mutationFn: () => api.post('/user/step-up/code', {}, import.meta.env.DEV && messageSchema) });
}

/** What the request carries: a passkey answer when one was given, else the code when a factor asks for one. */
export function stepUpBody(values: StepUpFields, factor: SecondFactor): StepUpFields {
  const code = values.code?.trim();
  if (factor.passkey && values.passkey) return { currentPassword: values.currentPassword, passkey: values.passkey };
  return hasCodes(factor) && code
    ? { currentPassword: values.currentPassword, code }
    : { currentPassword: values.currentPassword };
}
