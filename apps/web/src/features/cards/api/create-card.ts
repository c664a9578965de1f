import { type CreateCardBody, type CreateCardResponse, createCardResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { refreshAfterMoneyMove } from './refresh-after-money-move';

export type CreateCardRequest = {
  body: CreateCardBody;
  /** One key per attempt: a repeated click sends the same key and gets the same card back. */
  idempotencyKey: string;
};

export function createCard({ body, idempotencyKey }: CreateCardRequest): Promise<CreateCardResponse> {
  return api.post('/cards/create', body, import.meta.env.DEV && createCardResponseSchema, {
    'Idempotency-Key': idempotencyKey,
  });
}

/** Creates a card for $15 from the balance; the new card may be `pending` for a moment (the list polls then). */
export function useCreateCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCard,
    onSuccess: ({ card }) => refreshAfterMoneyMove(queryClient, card._id),
    onError: (error) => notifyError(error, 'The card could not be created. Please try again.'),
  });
}
