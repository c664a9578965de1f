import { type Card, type DeleteCardResponse, deleteCardResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { cardQueryKey } from './get-card';
import { cardSecretsQueryKey } from './get-card-secrets';
import { cardTransactionsQueryKey } from './get-card-transactions';

export function deleteCard(cardId: string): Promise<DeleteCardResponse> {
  return api.delete(`/cards/${encodeURIComponent(cardId)}`, deleteCardResponseSchema);
}

/**
 * Deletes the card; its balance goes back to the user's. 409 CardBusy while money is still moving on it.
 * Afterwards the user is back on /dashboard (spec section 4) and nothing of the card stays cached.
 */
export function useDeleteCardMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: ({ message }, cardId) => {
      // Leave first, so the page does not ask for the card it just deleted.
      navigate('/dashboard', { replace: true });
      for (const queryKey of [cardQueryKey(cardId), cardSecretsQueryKey(cardId), cardTransactionsQueryKey(cardId)]) {
        queryClient.removeQueries({ queryKey });
      }
      queryClient.setQueryData<Card[]>(cardsQueryKey, (cards) => cards?.filter((card) => card._id !== cardId));
      for (const queryKey of [cardsQueryKey, currentUserQueryKey]) void queryClient.invalidateQueries({ queryKey });
      notifySuccess(message, 'Card deleted');
    },
    onError: (error) => notifyError(error, 'The card could not be deleted. Please try again.'),
  });
}
