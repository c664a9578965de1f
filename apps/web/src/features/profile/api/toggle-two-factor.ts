import type { ToggleTwoFactorBody, User } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ResponseParser } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';

export type ToggleTwoFactorResponse = { message: string; isTwoFactorEnabled: boolean };

const toggleTwoFactorResponse: ResponseParser<ToggleTwoFactorResponse> = {
  parse: (data) => {
    const body = data as Partial<ToggleTwoFactorResponse> | undefined;
    if (typeof body?.message !== 'string' || typeof body.isTwoFactorEnabled !== 'boolean') {
      throw new TypeError('Unexpected answer from PATCH /user/2fa.');
    }
    return { message: body.message, isTwoFactorEnabled: body.isTwoFactorEnabled };
  },
};

/** Turning it on needs nothing more; turning it off carries the step-up fields. */
export function toggleTwoFactor(body: ToggleTwoFactorBody): Promise<ToggleTwoFactorResponse> {
  return api.patch('/user/2fa', body, import.meta.env.DEV && toggleTwoFactorResponse);
}

export function useToggleTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTwoFactor,
    onSuccess: (response) => {
      queryClient.setQueryData<User | null>(currentUserQueryKey, (user) =>
        user ? { ...user, isTwoFactorEnabled: response.isTwoFactorEnabled } : user,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
