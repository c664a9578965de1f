import { type CardActionResponse, cardActionResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { putCardInCache } from './card-cache';

export type UpdateCardPinRequest = { cardId: string; pin: number };

export function updateCardPin({ cardId, pin }: UpdateCardPinRequest): Promise<CardActionResponse> {
  return api.patch(`/cards/${encodeURIComponent(cardId)}/pin`, { pin }, cardActionResponseSchema);
}

/** Sets a new 4-digit 3DS code, sent as a number (docs/product-rules.md, Cards). */
export function useUpdateCardPinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCardPin,
    onSuccess: ({ card, message }) => {
      putCardInCache(queryClient, card);
      notifySuccess(message, '3DS code changed');
    },
    onError: (error) => notifyError(error, 'The 3DS code could not be changed. Please try again.'),
  });
}
