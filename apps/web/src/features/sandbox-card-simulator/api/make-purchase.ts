import { type SimulatorPurchaseResult, simulatorPurchaseResultSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestOutsideApi } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { simulatorCardPath, simulatorCardQueryKey } from './get-simulator-card';

export type PurchaseResult = SimulatorPurchaseResult;

export type PurchaseRequest = { issuerCardId: string; amountCents: number; merchant: string; recurring: boolean };

/** The tester pays a merchant with the card; the issuer approves or declines it as a real one would. */
export function makePurchase({ issuerCardId, ...body }: PurchaseRequest): Promise<PurchaseResult> {
  return requestOutsideApi(
    `${simulatorCardPath(issuerCardId)}/purchases`,
    { method: 'POST', body },
    import.meta.env.DEV && simulatorPurchaseResultSchema,
  );
}

export function useMakePurchaseMutation(issuerCardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makePurchase,
    onError: (error) => notifyError(error, 'The purchase could not be made. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorCardQueryKey(issuerCardId) }),
  });
}
