import { z } from 'zod';

/** The sandbox issuer's spend simulator (/sandbox/issuing/simulator/cards/{issuerCardId}), sandbox only. */
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

export const simulatorPurchaseBodySchema = z.object({
  amountCents: z
    .number({ message: 'Enter the amount in cents.' })
    .int('Enter whole cents.')
    .min(1, 'The amount must be at least $0.01.')
    .max(1_000_000, 'The amount must be at most $10,000.00.'),
  merchant: z.string({ message: 'Choose one of the listed merchants.' }).min(1).max(64),
  recurring: z.boolean().default(false),
});

export const simulatorPurchaseResultSchema = z.object({
  outcome: z.enum(['successful', 'declined']),
  /** Why the issuer declined, in words; null when approved. */
  reason: z.string().nullable(),
  /** The purchase's reference for a refund; null when declined. */
  reference: z.string().nullable(),
});
export type SimulatorPurchaseResult = z.infer<typeof simulatorPurchaseResultSchema>;

export const simulatorRefundBodySchema = z.object({ reference: z.string().min(1).max(200) });
export const simulatorRefundResultSchema = z.object({ reference: z.string() });
