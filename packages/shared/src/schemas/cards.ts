import { z } from 'zod';
import { CARD_LABEL_MAX_LENGTH, CARD_MIN_UNLOAD_CENTS, CARD_PIN_MAX, MONTHLY_CARD_LIMIT_CENTS } from '../constants.js';
import { formatCents } from '../money.js';
import { pageMetaSchema } from './common.js';

export const CARD_STATUSES = ['pending', 'active', 'frozen', 'terminated'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const cardOperationSchema = z.object({
  _id: z.string(),
  /** fund: a load; unload; close: the balance going back when a card is deleted; fee: a monthly fee. */
  kind: z.enum(['fund', 'unload', 'close', 'fee']),
  amount: z.number().int(),
  fee: z.number().int(),
  status: z.enum(['pending', 'submitted', 'completed', 'failed']),
  createdAt: z.string(),
});
export type CardOperation = z.infer<typeof cardOperationSchema>;

export const cardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  last4Digits: z.string().nullable(),
  /** The card's ledger balance in cents: what is on it and spendable. */
  balance: z.number().int(),
  status: z.enum(CARD_STATUSES),
  /** Why a frozen card is frozen. */
  frozenReason: z.enum(['user', 'unpaid_fee', 'admin']).nullable(),
  /** Monthly fees this card owes that neither the balance nor the card could pay (cents). */
  unpaidFees: z.number().int(),
  holderName: z.string().nullable(),
  brand: z.literal('Mastercard'),
  currency: z.literal('USD'),
  /** Loads and unloads still on their way, shown as in progress. */
  pendingOperations: z.array(cardOperationSchema),
  /** Loaded this calendar month (UTC), against the monthly limit. */
  monthlyLoaded: z.number().int(),
  monthlyLimit: z.number().int(),
  /** When the next unload is allowed (the 5-minute cooldown), or null when it is allowed now. */
  unloadAvailableAt: z.string().nullable(),
  nextFeeDueAt: z.string(),
  /** The sandbox's spend simulator for this card; null with a real issuer. */
  simulatorUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;
export const cardsSchema = z.array(cardSchema);

export const cardLabelSchema = z
  .string({ message: 'Give the card a label.' })
  .trim()
  .min(1, 'Give the card a label.')
  .max(CARD_LABEL_MAX_LENGTH, `The label must be at most ${CARD_LABEL_MAX_LENGTH} characters.`);

/** The 3DS code arrives as a number 0 to 9999 and is kept as 4 digits ("7" is "0007"). */
export const cardPinSchema = z
  .number({ message: 'The 3DS code must be a 4-digit number.' })
  .int('The 3DS code must be a 4-digit number.')
  .min(0, 'The 3DS code must be a 4-digit number.')
  .max(CARD_PIN_MAX, 'The 3DS code must be a 4-digit number.');

export const padPin = (pin: number) => String(pin).padStart(4, '0');

export const createCardBodySchema = z.object({ name: cardLabelSchema, pin: cardPinSchema });
export type CreateCardBody = z.input<typeof createCardBodySchema>;

export const createCardResponseSchema = z.object({
  /** Cents credited as a referral reward with this card (0 when none). */
  reward: z.number().int(),
  message: z.string(),
  card: cardSchema,
});
export type CreateCardResponse = z.infer<typeof createCardResponseSchema>;

const amountCents = (label: string, min: number) =>
  z
    .number({ message: `${label} must be a number of cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(min, `${label} must be at least ${formatCents(min)}.`)
    .max(MONTHLY_CARD_LIMIT_CENTS * 2, `${label} must be at most ${formatCents(MONTHLY_CARD_LIMIT_CENTS * 2)}.`);

export const loadCardBodySchema = z.object({
  amount: amountCents('The amount', 1),
  includesFee: z.boolean({ message: 'includesFee must be true or false.' }).default(false),
});
export type LoadCardBody = z.input<typeof loadCardBodySchema>;

export const loadQuoteQuerySchema = z.object({
  // Any whole amount gets a quote: one above what a load allows answers canLoad false, with the reason.
  amount: z.coerce
    .number({ message: 'The amount must be a number of cents.' })
    .pipe(
      z
        .number()
        .int('The amount must be a whole number of cents.')
        .min(1, 'The amount must be at least $0.01.')
        .max(10_000_000_000, 'The amount is too large.'),
    ),
  includesFee: z
    .enum(['true', 'false'], { message: 'includesFee must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});

export const loadQuoteSchema = z.object({
  amount: z.number().int(),
  includesFee: z.boolean(),
  cardReceives: z.number().int(),
  fee: z.number().int(),
  balancePays: z.number().int(),
  /** What may still be loaded onto this card this month. */
  monthlyRemaining: z.number().int(),
  /** Whether this load would go through now, and if not, why (in words for the user). */
  canLoad: z.boolean(),
  reason: z.string().nullable(),
});
export type LoadQuoteResponse = z.infer<typeof loadQuoteSchema>;

export const unloadCardBodySchema = z.object({ amount: amountCents('The amount', CARD_MIN_UNLOAD_CENTS) });
export type UnloadCardBody = z.input<typeof unloadCardBodySchema>;

export const cardMoneyResponseSchema = z.object({
  message: z.string(),
  card: cardSchema,
  operation: cardOperationSchema,
});
export type CardMoneyResponse = z.infer<typeof cardMoneyResponseSchema>;

export const updatePinBodySchema = z.object({ pin: cardPinSchema });

export const cardActionResponseSchema = z.object({ message: z.string(), card: cardSchema });
export type CardActionResponse = z.infer<typeof cardActionResponseSchema>;

export const deleteCardResponseSchema = z.object({
  message: z.string(),
  /** Cents on their way back to the account balance. */
  returnedAmount: z.number().int(),
});
export type DeleteCardResponse = z.infer<typeof deleteCardResponseSchema>;

export const cardSecretsSchema = z.object({
  cardNumber: z.string(),
  /** MM/YY */
  expiry: z.string(),
  cvv: z.string(),
});
export type CardSecrets = z.infer<typeof cardSecretsSchema>;

export const cardTransactionSchema = z.object({
  _id: z.string(),
  transaction_date: z.string(),
  description: z.string(),
  /** The issuer's spelling, DEBIT or CREDIT; compare case-insensitively. */
  card_transaction_type: z.string(),
  /** Cents (the whole product counts money in integer cents). */
  amount: z.number().int(),
  currency: z.string(),
  enriched_data: z.object({
    merchant_name: z.string().nullable(),
    merchant_logo: z.string().nullable(),
    is_recurring: z.boolean(),
    transaction_category: z.string().nullable(),
    transaction_group: z.string().nullable(),
  }),
  /** `declined`: a purchase the issuer or the card's controls refused; it moved no money. */
  status: z.enum(['completed', 'declined']),
  /** Why a declined purchase was refused; null otherwise. */
  decline_reason: z.string().nullable(),
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

export const cardTransactionsPageSchema = z.object({
  transactions: z.array(cardTransactionSchema),
  meta: pageMetaSchema,
});
export type CardTransactionsPage = z.infer<typeof cardTransactionsPageSchema>;

export const cardTransactionsQuerySchema = z.object({
  page_no: z.coerce
    .number({ message: 'page_no must be a number.' })
    .int('page_no must be a whole number.')
    .min(1, 'page_no must be at least 1.')
    .max(100_000, 'page_no is too large.')
    .default(1),
});
