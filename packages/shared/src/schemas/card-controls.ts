import { z } from 'zod';
import { CARD_SPEND_LIMIT_MAX_CENTS, MERCHANT_CATEGORIES, type MerchantCategory } from '../card-control-rules.js';
import { formatCents } from '../money.js';

const CATEGORY_IDS = MERCHANT_CATEGORIES.map((category) => category.id) as [MerchantCategory, ...MerchantCategory[]];

const limit = (label: string) =>
  z
    .number({ message: `${label} must be a number of cents or null.` })
    .int(`${label} must be a whole number of cents.`)
    .min(1, `${label} must be at least $0.01 (null for no limit).`)
    .max(CARD_SPEND_LIMIT_MAX_CENTS, `${label} must be at most ${formatCents(CARD_SPEND_LIMIT_MAX_CENTS)}.`)
    .nullable();

export const cardControlsBodySchema = z
  .strictObject(
    {
      perPurchase: limit('The per-purchase limit'),
      daily: limit('The daily limit'),
      monthly: limit('The monthly limit'),
      merchantLock: z.boolean({ message: 'merchantLock must be true or false.' }),
      blockedCategories: z
        .array(
          z.enum(CATEGORY_IDS, {
            message: `Unknown merchant category. Choose from: ${CATEGORY_IDS.join(', ')}.`,
          }),
          { message: 'blockedCategories must be a list of categories.' },
        )
        .max(CATEGORY_IDS.length, 'Too many categories.'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : undefined) },
  )
  .refine((body) => body.daily === null || body.monthly === null || body.daily <= body.monthly, {
    message: 'The daily limit cannot be more than the monthly limit.',
    path: ['daily'],
  })
  .refine(
    (body) =>
      body.perPurchase === null ||
      [body.daily, body.monthly].every((cap) => cap === null || body.perPurchase === null || body.perPurchase <= cap),
    { message: 'The per-purchase limit cannot be more than the daily or monthly limit.', path: ['perPurchase'] },
  );
export type CardControlsBody = z.infer<typeof cardControlsBodySchema>;

const windowSchema = z.object({
  /** Cents the card may still spend in this window under its limit. */
  left: z.number().int(),
  spent: z.number().int(),
  /** When the window starts again (midnight UTC, or the first of next month UTC). */
  renewsAt: z.string(),
});

export const cardControlsSchema = z.object({
  perPurchase: z.number().int().nullable(),
  daily: z.number().int().nullable(),
  monthly: z.number().int().nullable(),
  merchantLock: z.boolean(),
  blockedCategories: z.array(z.enum(CATEGORY_IDS)),
  /** Chosen at creation: the card closes after its first purchase. */
  singleUse: z.boolean(),
  /** The merchant a locked card is tied to: its first purchase's; null until it has one. */
  lockedMerchant: z.string().nullable(),
  /** Null when there is no such limit. */
  dailyWindow: windowSchema.nullable(),
  monthlyWindow: windowSchema.nullable(),
  /**
   * How the issuer lets the controls hold: `authorization`: each purchase is asked about and refused before it
   * happens; `after-purchase`: the issuer never asks, so the card is frozen once a purchase reaches the daily or
   * monthly limit and a single-use card closes after its purchase; per-purchase, merchant lock and blocked categories
   * cannot hold (docs/card-issuer-protocol.md).
   */
  enforcement: z.enum(['authorization', 'after-purchase']),
});
export type CardControls = z.infer<typeof cardControlsSchema>;
