import { type Card, type DeleteCardResponse, deleteCardResponseSchema, type User } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { activityQueryKey } from '../../../lib/activity-query-key';
import { api } from '../../../lib/api-client';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { refetchUntil } from '../../../lib/refetch-until';
import { cardQueryKey } from './get-card';
import { cardSecretsQueryKey } from './get-card-secrets';
import { cardTransactionsQueryKey } from './get-card-transactions';

export function deleteCard(cardId: string): Promise<DeleteCardResponse> {
  return api.delete(`/cards/${encodeURIComponent(cardId)}`, import.meta.env.DEV && deleteCardResponseSchema);
}

/**
 * Deletes the card; its balance goes back to the user's. 409 CardBusy while money is still moving on it.
 * Afterwards the user is back on /dashboard (docs/product-rules.md, Cards) and nothing of the card stays cached.
 */
export function useDeleteCardMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: ({ message, returnedAmount }, cardId) => {
      const balanceBefore = queryClient.getQueryData<User | null>(currentUserQueryKey)?.balance;
      // Leave first, so the page does not ask for the card it just deleted.
      navigate('/dashboard', { replace: true });
      for (const queryKey of [cardQueryKey(cardId), cardSecretsQueryKey(cardId), cardTransactionsQueryKey(cardId)]) {
        queryClient.removeQueries({ queryKey });
      }
      queryClient.setQueryData<Card[]>(cardsQueryKey, (cards) => cards?.filter((card) => card._id !== cardId));
      for (const queryKey of [cardsQueryKey, currentUserQueryKey, activityQueryKey])
        void queryClient.invalidateQueries({ queryKey });
      notifySuccess(message, 'Card deleted');
      // The card's balance travels back moments later: keep the dashboard's balance following it until it lands.
      if (returnedAmount > 0 && balanceBefore !== undefined) {
        refetchUntil<User | null>(
          queryClient,
          currentUserQueryKey,
          (user) => (user?.balance ?? 0) >= balanceBefore + returnedAmount,
        );
      }
    },
    onError: (error) => notifyError(error, 'The card could not be deleted. Please try again.'),
  });
}
