import { type CardMoneyResponse, cardMoneyResponseSchema, type LoadCardBody } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { needsStepUp } from '../../step-up/api/step-up';
import { cardQueryKey } from './get-card';
import { refreshAfterMoneyMove } from './refresh-after-money-move';

export type LoadCardRequest = { cardId: string; body: LoadCardBody; idempotencyKey: string };

export function loadCard({ cardId, body, idempotencyKey }: LoadCardRequest): Promise<CardMoneyResponse> {
  return api.patch(`/cards/${encodeURIComponent(cardId)}/load`, body, import.meta.env.DEV && cardMoneyResponseSchema, {
    'Idempotency-Key': idempotencyKey,
  });
}

/** Moves money from the balance onto the card (fee 5% + $1); the card shows it "in progress" until it arrives. */
export function useLoadCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadCard,
    onSuccess: ({ card, message }, { cardId }) => {
      queryClient.setQueryData(cardQueryKey(cardId), card);
      refreshAfterMoneyMove(queryClient, cardId);
      notifySuccess(message, 'Load started');
    },
    // A refusal asking for a step-up is answered by the form itself (it asks the person to confirm), not a toast.
    onError: (error) => {
      if (!needsStepUp(error)) notifyError(error, 'The card could not be loaded. Please try again.');
    },
  });
}
