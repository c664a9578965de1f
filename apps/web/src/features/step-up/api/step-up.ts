import {
  messageSchema,
  type PasskeyAssertion,
  passkeyOptionsSchema,
  type StepUpBody,
  type StepUpMethods,
  type StepUpResponse,
  stepUpMethodsSchema,
  stepUpResponseSchema,
} from '@coincard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { answerPasskeyPrompt } from '../../../lib/passkeys';

export const stepUpQueryKey = ['auth', 'step-up'] as const;

/** True when the API refused because this session has not stepped up recently (403 StepUpRequired). */
export const needsStepUp = (error: unknown) => isApiError(error) && error.errorCode === 'StepUpRequired';

/** What the step-up prompt may offer this user (password always; codes and passkeys when set up). */
export function useStepUpMethods(enabled = true) {
  return useQuery<StepUpMethods>({
    queryKey: stepUpQueryKey,
    queryFn: ({ signal }) => api.get('/auth/step-up', import.meta.env.DEV && stepUpMethodsSchema, signal),
    enabled,
    staleTime: 0,
  });
}

/** A passkey's answer to a step-up prompt for this session (POST /api/auth/step-up/passkey-options, then the browser). */
export async function passkeyStepUpAnswer(): Promise<PasskeyAssertion> {
  const options = await api.post('/auth/step-up/passkey-options', {}, import.meta.env.DEV && passkeyOptionsSchema);
  return answerPasskeyPrompt(options);
}

/** POST /api/auth/step-up: lets this session reveal card details and make large loads for a few minutes. */
export function useStepUpMutation() {
  const queryClient = useQueryClient();
  return useMutation<StepUpResponse, Error, StepUpBody | 'passkey'>({
    mutationFn: async (body) =>
      api.post(
        '/auth/step-up',
        body === 'passkey' ? { passkey: await passkeyStepUpAnswer() } : body,
        import.meta.env.DEV && stepUpResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stepUpQueryKey }),
  });
}

/** Mails a step-up code (to users with e-mail codes on). */
export function useMailStepUpCodeMutation() {
  return useMutation({ mutationFn: () => api.post('/user/step-up/code', {}, import.meta.env.DEV && messageSchema) });
}
