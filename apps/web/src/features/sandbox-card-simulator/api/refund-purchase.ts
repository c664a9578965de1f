import { simulatorRefundResultSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestOutsideApi } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { simulatorCardPath, simulatorCardQueryKey } from './get-simulator-card';

export type RefundRequest = { issuerCardId: string; reference: string };

/** The merchant gives the money back: a CREDIT on the card for the whole purchase. */
export function refundPurchase({ issuerCardId, reference }: RefundRequest): Promise<{ reference: string }> {
  return requestOutsideApi(
    `${simulatorCardPath(issuerCardId)}/refunds`,
    { method: 'POST', body: { reference } },
    import.meta.env.DEV && simulatorRefundResultSchema,
  );
}

export function useRefundPurchaseMutation(issuerCardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPurchase,
    onSuccess: () => notifySuccess('The merchant refunded the purchase to the card.', 'Refunded'),
    onError: (error) => notifyError(error, 'The refund could not be made. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorCardQueryKey(issuerCardId) }),
  });
}
