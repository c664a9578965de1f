import { type AdminCard, adminCardActionResponseSchema } from '@coincard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminUserCardsQueryKey, adminUserStatsQueryKey } from './admin-user-query-keys';

export type CardBlockAction = 'freeze' | 'unfreeze';

/** A support block (frozenReason "admin"), or lifting it. Audited on the server. */
export function setCardBlock(cardId: string, action: CardBlockAction) {
  return api.patch(
    `/admin/cards/${encodeURIComponent(cardId)}/${action}`,
    {},
    import.meta.env.DEV && adminCardActionResponseSchema,
  );
}

function refreshUser(queryClient: QueryClient, userId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUserCardsQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: adminUserStatsQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
  ]);
}

/** Freezes or unfreezes one of the user's cards; the card list, the user's figures and the audit trail follow. */
export function useCardBlockMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, action }: { cardId: string; action: CardBlockAction }) => setCardBlock(cardId, action),
    onSuccess: ({ card, message }, { action }) => {
      queryClient.setQueryData<AdminCard[]>(adminUserCardsQueryKey(userId), (cards) =>
        cards?.map((listed) => (listed._id === card._id ? card : listed)),
      );
      notifySuccess(message, action === 'freeze' ? 'Card frozen' : 'Card unfrozen');
    },
    onError: (error, { action }) =>
      notifyError(error, `The card could not be ${action === 'freeze' ? 'frozen' : 'unfrozen'}. Please try again.`),
    onSettled: () => refreshUser(queryClient, userId),
  });
}
