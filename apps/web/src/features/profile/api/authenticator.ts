import {
  messageSchema,
  type RecoveryCodesResponse,
  recoveryCodesResponseSchema,
  type TotpEnrolBody,
  type TotpEnrolment,
  type TotpStatus,
  type TotpStepUpBody,
  totpEnrolmentSchema,
  totpStatusSchema,
} from '@coincard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';

export const authenticatorQueryKey = ['user', 'totp'] as const;

export function useAuthenticatorStatus() {
  return useQuery<TotpStatus>({
    queryKey: authenticatorQueryKey,
    queryFn: ({ signal }) => api.get('/user/totp', import.meta.env.DEV && totpStatusSchema, signal),
  });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: authenticatorQueryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

/** Starts a set-up with the step-up fields (the password, and a code or passkey when a factor is on). */
export function useStartEnrolmentMutation() {
  return useMutation<TotpEnrolment, Error, TotpEnrolBody>({
    mutationFn: (body) => api.post('/user/totp/enrol', body, import.meta.env.DEV && totpEnrolmentSchema),
  });
}

export function useConfirmEnrolmentMutation() {
  const changed = useAfterChange();
  return useMutation<RecoveryCodesResponse, Error, string>({
    mutationFn: (code) => api.post('/user/totp/confirm', { code }, import.meta.env.DEV && recoveryCodesResponseSchema),
    onSuccess: changed,
  });
}

export function useDisableAuthenticatorMutation() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: (body: TotpStepUpBody) => api.post('/user/totp/disable', body, import.meta.env.DEV && messageSchema),
    onSuccess: changed,
  });
}

export function useRegenerateRecoveryCodesMutation() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: (body: TotpStepUpBody) =>
      api.post('/user/totp/recovery-codes', body, import.meta.env.DEV && recoveryCodesResponseSchema),
    onSuccess: changed,
  });
}
