import { z } from 'zod';
import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from '../constants.js';
import { findCoin, NETWORKS } from '../currencies.js';
import { formatCents } from '../money.js';
import { pageMetaSchema } from './common.js';

export const DEPOSIT_STATUSES = ['PENDING', 'PAID', 'PAID_OVER', 'PAID_LESS', 'EXPIRED', 'FAILED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const FINAL_DEPOSIT_STATUSES: readonly DepositStatus[] = ['PAID', 'PAID_OVER', 'PAID_LESS', 'EXPIRED', 'FAILED'];

export const centsAmountSchema = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number of cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(min, `${label} must be at least ${formatCents(min)}.`)
    .max(max, `${label} must be at most ${formatCents(max)}.`);

export const createDepositBodySchema = z
  .object({
    currency: z
      .string({ message: 'Choose a cryptocurrency.' })
      .trim()
      .toUpperCase()
      .refine((code) => findCoin(code) !== undefined, { message: 'This cryptocurrency is not supported.' }),
    network: z
      .string({ message: 'Choose a network.' })
      .trim()
      .toUpperCase()
      .refine((code) => code in NETWORKS, { message: 'This network is not supported.' }),
    amountInUsd: centsAmountSchema('The amount', DEPOSIT_MIN_CENTS, DEPOSIT_MAX_CENTS),
  })
  .refine((body) => findCoin(body.currency)?.networks.some((network) => network === body.network) ?? true, {
    message: 'This cryptocurrency is not available on that network.',
    path: ['network'],
  });
export type CreateDepositBody = z.input<typeof createDepositBodySchema>;

export const depositSchema = z.object({
  _id: z.string(),
  transactionId: z.string().nullable(),
  orderId: z.string(),
  type: z.enum(['credit', 'debit']),
  email: z.string(),
  amount: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  network: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  paymentUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositsPageSchema = z.object({ transactions: z.array(depositSchema), meta: pageMetaSchema });
export type DepositsPage = z.infer<typeof depositsPageSchema>;

export const exchangeRateSchema = z.object({ from: z.string(), to: z.literal('USD'), course: z.number().positive() });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
