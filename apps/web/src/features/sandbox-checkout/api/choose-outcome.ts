import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestOutsideApi } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { checkoutQueryKey } from './get-checkout';

export const OUTCOMES = ['paid', 'paid_over', 'wrong_amount', 'cancel', 'fail'] as const;
export type Outcome = (typeof OUTCOMES)[number];

const outcomeResultSchema = z.object({ status: z.string(), returnUrl: z.string().nullable() });
export type OutcomeResult = z.infer<typeof outcomeResultSchema>;

export type ChooseOutcomeRequest = {
  uuid: string;
  outcome: Outcome;
  /** For paid_over (above the invoice) and wrong_amount (below it), in dollars like "45.00". */
  amountUsd?: string;
};

/** The tester settles the invoice; the sandbox then sends CoinCard its signed webhook. */
export function chooseOutcome({ uuid, outcome, amountUsd }: ChooseOutcomeRequest): Promise<OutcomeResult> {
  return requestOutsideApi(
    `/sandbox/payments/checkout/${encodeURIComponent(uuid)}/outcome`,
    { method: 'POST', body: amountUsd === undefined ? { outcome } : { outcome, amountUsd } },
    import.meta.env.DEV && outcomeResultSchema,
  );
}

export function useChooseOutcomeMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseOutcome,
    onError: (error) => notifyError(error, 'The outcome could not be recorded. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutQueryKey(uuid) }),
  });
}
