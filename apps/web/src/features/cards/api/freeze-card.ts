import { type CardActionResponse, cardActionResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { putCardInCache } from './card-cache';

export function freezeCard(cardId: string): Promise<CardActionResponse> {
  return api.patch(
    `/cards/${encodeURIComponent(cardId)}/freeze`,
    undefined,
    import.meta.env.DEV && cardActionResponseSchema,
  );
}

/** Blocks purchases until the user unfreezes the card (idempotent on the server). */
export function useFreezeCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freezeCard,
    onSuccess: ({ card, message }) => {
      putCardInCache(queryClient, card);
      notifySuccess(message, 'Card frozen');
    },
    onError: (error) => notifyError(error, 'The card could not be frozen. Please try again.'),
  });
}
