import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestOutsideApi } from '../../../lib/api-client';

/** The sandbox issuer's view of one card for its spend simulator (GET /sandbox/issuing/simulator/cards/{id}). */
export const simulatorCardSchema = z.object({
  cardId: z.string(),
  last4: z.string(),
  cardName: z.string(),
  status: z.enum(['active', 'frozen', 'deleted']),
  /** What the card can spend now, at the issuer. */
  availableCents: z.number().int(),
  /** The last merchant transactions, newest first: purchases (DEBIT) and their refunds (CREDIT). */
  purchases: z.array(
    z.object({
      reference: z.string(),
      type: z.enum(['DEBIT', 'CREDIT']),
      amountCents: z.number().int(),
      description: z.string(),
      merchantName: z.string().nullable(),
      isRefunded: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  merchants: z.array(z.object({ slug: z.string(), name: z.string(), category: z.string() })),
});
export type SimulatorCard = z.infer<typeof simulatorCardSchema>;
export type SimulatorPurchase = SimulatorCard['purchases'][number];

export const simulatorCardQueryKey = (issuerCardId: string) => ['sandbox-card-simulator', issuerCardId] as const;

export const simulatorCardPath = (issuerCardId: string) =>
  `/sandbox/issuing/simulator/cards/${encodeURIComponent(issuerCardId)}`;

export function getSimulatorCard(issuerCardId: string, signal?: AbortSignal): Promise<SimulatorCard> {
  return requestOutsideApi(simulatorCardPath(issuerCardId), { signal }, simulatorCardSchema);
}

export function simulatorCardQueryOptions(issuerCardId: string) {
  return queryOptions({
    queryKey: simulatorCardQueryKey(issuerCardId),
    queryFn: ({ signal }) => getSimulatorCard(issuerCardId, signal),
  });
}

export function useSimulatorCardQuery(issuerCardId: string) {
  return useQuery(simulatorCardQueryOptions(issuerCardId));
}
