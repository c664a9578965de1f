import { type CardActionResponse, cardActionResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { putCardInCache } from './card-cache';

export function unfreezeCard(cardId: string): Promise<CardActionResponse> {
  return api.patch(
    `/cards/${encodeURIComponent(cardId)}/unfreeze`,
    undefined,
    import.meta.env.DEV && cardActionResponseSchema,
  );
}

/**
 * Makes the card usable again. The server refuses while a monthly fee is unpaid (400 InsufficientBalance) or when
 * support froze the card (403); its message says which.
 */
export function useUnfreezeCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfreezeCard,
    onSuccess: ({ card, message }) => {
      putCardInCache(queryClient, card);
      notifySuccess(message, 'Card active');
    },
    onError: (error) => notifyError(error, 'The card could not be unfrozen. Please try again.'),
  });
}
