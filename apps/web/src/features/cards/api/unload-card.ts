import { type CardMoneyResponse, cardMoneyResponseSchema, type UnloadCardBody } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { cardQueryKey } from './get-card';
import { refreshAfterMoneyMove } from './refresh-after-money-move';

export type UnloadCardRequest = { cardId: string; body: UnloadCardBody; idempotencyKey: string };

export function unloadCard({ cardId, body, idempotencyKey }: UnloadCardRequest): Promise<CardMoneyResponse> {
  return api.patch(
    `/cards/${encodeURIComponent(cardId)}/unload`,
    body,
    import.meta.env.DEV && cardMoneyResponseSchema,
    {
      'Idempotency-Key': idempotencyKey,
    },
  );
}

/** Moves money from the card back to the balance, without fee; once per card every 5 minutes. */
export function useUnloadCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unloadCard,
    onSuccess: ({ card, message }, { cardId }) => {
      queryClient.setQueryData(cardQueryKey(cardId), card);
      refreshAfterMoneyMove(queryClient, cardId);
      notifySuccess(message, 'Unload started');
    },
    onError: (error, { cardId }) => {
      notifyError(error, 'The card could not be unloaded. Please try again.');
      // Another tab or device unloaded first: read the card again so its countdown shows.
      if (isApiError(error) && error.errorCode === 'UnloadCooldown') {
        void queryClient.invalidateQueries({ queryKey: cardQueryKey(cardId) });
      }
    },
  });
}
