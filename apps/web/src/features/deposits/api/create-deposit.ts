import { type CreateDepositBody, type Deposit, depositSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityQueryKey } from '../../../lib/activity-query-key';
import { api } from '../../../lib/api-client';
import { cardsQueryKey } from '../../../lib/cards-query-key';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { notifyError } from '../../../lib/notify';
import { depositsQueryKey } from './get-deposits';

export type CreateDepositRequest = {
  body: CreateDepositBody;
  /** One key per attempt: a repeated click sends the same key and gets the same deposit back. */
  idempotencyKey: string;
};

export function createDeposit({ body, idempotencyKey }: CreateDepositRequest): Promise<Deposit> {
  return api.post('/transactions', body, import.meta.env.DEV && depositSchema, { 'Idempotency-Key': idempotencyKey });
}

/**
 * Starts a crypto top-up; afterwards the user, the cards and the user's transactions are refetched
 * (docs/product-rules.md, Data freshness).
 */
export function useCreateDepositMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    // Not awaited: the payment link shows at once while the lists refresh behind it.
    onSuccess: () => {
      for (const queryKey of [currentUserQueryKey, cardsQueryKey, depositsQueryKey, activityQueryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => notifyError(error, 'The top-up could not be started. Please try again.'),
  });
}
