import { type CardControls, type CardControlsBody, cardControlsSchema } from '@coincard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

export const cardControlsQueryKey = (cardId: string) => ['card-controls', cardId] as const;

export function getCardControls(cardId: string, signal?: AbortSignal): Promise<CardControls> {
  return api.get(`/cards/${encodeURIComponent(cardId)}/controls`, import.meta.env.DEV && cardControlsSchema, signal);
}

export function useCardControlsQuery(cardId: string) {
  return useQuery({ queryKey: cardControlsQueryKey(cardId), queryFn: ({ signal }) => getCardControls(cardId, signal) });
}

export function updateCardControls({ cardId, body }: { cardId: string; body: CardControlsBody }) {
  return api.put(`/cards/${encodeURIComponent(cardId)}/controls`, body, import.meta.env.DEV && cardControlsSchema);
}

/** Saves the card's limits, merchant lock and blocked categories (PUT /cards/{id}/controls). */
export function useUpdateCardControlsMutation(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardControlsBody) => updateCardControls({ cardId, body }),
    onSuccess: (controls) => {
      queryClient.setQueryData(cardControlsQueryKey(cardId), controls);
      notifySuccess('Purchases are checked against them from now on.', 'Spending controls saved');
    },
    onError: (error) => notifyError(error, 'The spending controls could not be saved. Please try again.'),
  });
}
