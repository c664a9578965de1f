import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestOutsideApi } from '../../../lib/api-client';

/** The sandbox provider's invoice as its hosted checkout page sees it (GET /sandbox/payments/checkout/{uuid}). */
export const checkoutSchema = z.object({
  uuid: z.string(),
  orderId: z.string(),
  amountUsd: z.string(),
  coin: z.string(),
  /** The provider's lower-case network code, e.g. `tron`. */
  network: z.string(),
  payerAmount: z.string(),
  /** USD per coin. */
  rate: z.string().nullable(),
  address: z.string(),
  /** `check` while open; `paid`, `paid_over`, `wrong_amount`, `cancel` or `fail` once final. */
  status: z.string(),
  isFinal: z.boolean(),
  paidUsd: z.string().nullable(),
  /** What the payer sent, in the coin (the provider's `payment_amount`); its USD value is `paidUsd`. */
  paidCoinAmount: z.string().nullish(),
  expiresAt: z.string(),
  returnUrl: z.string().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkoutQueryKey = (uuid: string) => ['sandbox-checkout', uuid] as const;

export function getCheckout(uuid: string, signal?: AbortSignal): Promise<Checkout> {
  return requestOutsideApi(
    `/sandbox/payments/checkout/${encodeURIComponent(uuid)}`,
    { signal },
    import.meta.env.DEV && checkoutSchema,
  );
}

export function checkoutQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: checkoutQueryKey(uuid),
    queryFn: ({ signal }) => getCheckout(uuid, signal),
  });
}

export function useCheckoutQuery(uuid: string) {
  return useQuery(checkoutQueryOptions(uuid));
}
