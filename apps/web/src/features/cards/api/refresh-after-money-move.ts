import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { activityQueryKey } from '../../../lib/activity-query-key';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { cardQueryKey } from './get-card';
import { cardSecretsQueryKey } from './get-card-secrets';
import { cardTransactionsQueryKey } from './get-card-transactions';

/**
 * After create, load or unload (docs/product-rules.md, Data freshness), the cards, user, card detail, secrets and
 * transactions are refreshed. Only queries on screen refetch; secrets are on screen only while revealed.
 * Not awaited: the result shows at once while the figures refresh behind it.
 */
export function refreshAfterMoneyMove(queryClient: QueryClient, cardId: string): void {
  const keys: QueryKey[] = [
    cardsQueryKey,
    currentUserQueryKey,
    cardQueryKey(cardId),
    cardSecretsQueryKey(cardId),
    cardTransactionsQueryKey(cardId),
    activityQueryKey,
  ];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
