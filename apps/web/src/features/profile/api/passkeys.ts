import {
  type CredentialStepUp,
  messageSchema,
  type Passkey,
  type Passkeys,
  passkeyOptionsSchema,
  passkeySchema,
  passkeysSchema,
} from '@coincard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client';
import { createPasskey } from '../../../lib/passkeys';

export const passkeysQueryKey = ['user', 'passkeys'] as const;

export function usePasskeysQuery() {
  return useQuery<Passkeys>({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => api.get('/user/passkeys', import.meta.env.DEV && passkeysSchema, signal),
  });
}

const addedSchema = z.object({ message: z.string(), passkey: passkeySchema });

/** The browser makes the passkey for the server's prompt, then the API stores it with the step-up fields. */
export function useAddPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string; passkey: Passkey }, Error, CredentialStepUp & { name: string }>({
    mutationFn: async (input) => {
      const options = await api.post(
        '/user/passkeys/registration-options',
        {},
        import.meta.env.DEV && passkeyOptionsSchema,
      );
      const credential = await createPasskey(options);
      return api.post('/user/passkeys', { ...input, credential }, import.meta.env.DEV && addedSchema);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}

export function useRenamePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(`/user/passkeys/${encodeURIComponent(id)}`, { name }, import.meta.env.DEV && messageSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stepUp }: { id: string; stepUp: CredentialStepUp }) =>
      apiRequest(
        `/user/passkeys/${encodeURIComponent(id)}`,
        { method: 'DELETE', body: stepUp },
        import.meta.env.DEV && messageSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}
