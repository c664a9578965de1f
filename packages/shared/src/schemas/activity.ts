import { z } from 'zod';
import { ACTIVITY_KINDS, ACTIVITY_STATUSES } from '../activity-kinds.js';
import { MAX_PAGE_SIZE } from '../constants.js';
import { pageMetaSchema } from './common.js';

const day = (name: string) =>
  z
    .string({ message: `${name} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD).`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${name} must be a real calendar date.`)
    // A range ends at the start of the day after `to`, and the database holds no year 0 nor year 10000.
    .refine(
      (text) => text >= '1970-01-01' && text <= '9999-12-30',
      `${name} must be between 1970-01-01 and 9999-12-30.`,
    );

const kindField = z.enum(ACTIVITY_KINDS, { message: 'kind must be one of the statement kinds.' });

export const activityQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be at least 1.')
    .max(100_000, 'page is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a number.' })
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be at least 1.')
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}.`)
    .default(20),
  kind: kindField.optional(),
  cardId: z.string().max(100, 'cardId is too long.').optional(),
  from: day('from').optional(),
  to: day('to').optional(),
  q: z.string().trim().max(100, 'q must be at most 100 characters.').optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityExportQuerySchema = z.object({
  from: day('from'),
  to: day('to'),
});
export type ActivityExportQuery = z.infer<typeof activityExportQuerySchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  description: z.string(),
  /** Signed cents: what this line added to (or took from) the money it concerns; 0 for a decline. */
  amount: z.number().int(),
  /** The available balance after this line, in cents; null for a line that did not move the balance. */
  balanceAfter: z.number().int().nullable(),
  cardId: z.string().nullable(),
  /** The card's label, when the line concerns a card. */
  cardName: z.string().nullable(),
  /** For a load: the fee charged with it (shown as its own line too). */
  fee: z.number().int().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  /** A decline's reason. */
  reason: z.string().nullable(),
  /** For a top-up: the coin, network, on-chain hash and, while it waits, where to pay. */
  topUp: z
    .object({
      depositId: z.string(),
      coin: z.string(),
      network: z.string(),
      txHash: z.string().nullable(),
      paymentUrl: z.string().nullable(),
      requested: z.number().int(),
      /** Until when a pending top-up can be paid. */
      expiresAt: z.string().nullable(),
    })
    .nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({
  items: z.array(activityItemSchema),
  meta: pageMetaSchema,
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
