import { z } from 'zod';

/** The optional Idempotency-Key of calls that move money (docs/product-rules.md, API conventions). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty.')
    .max(100, 'Idempotency-Key must be at most 100 characters.')
    .optional(),
});
