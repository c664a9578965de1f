import { type CardActionResponse, cardActionResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { needsStepUp } from '../../step-up/api/step-up';
import { putCardInCache } from './card-cache';

export type UpdateCardPinRequest = { cardId: string; pin: number };

export function updateCardPin({ cardId, pin }: UpdateCardPinRequest): Promise<CardActionResponse> {
  return api.patch(
    `/cards/${encodeURIComponent(cardId)}/pin`,
    { pin },
    import.meta.env.DEV && cardActionResponseSchema,
  );
}

/** Sets a new 4-digit 3DS code, sent as a number (docs/product-rules.md, Cards); needs a recent step-up. */
export function useUpdateCardPinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCardPin,
    onSuccess: ({ card, message }) => {
      putCardInCache(queryClient, card);
      notifySuccess(message, '3DS code changed');
    },
    // A step-up refusal is answered by the dialog's own prompt, not a notice.
    onError: (error) => {
      if (!needsStepUp(error)) notifyError(error, 'The 3DS code could not be changed. Please try again.');
    },
  });
}
