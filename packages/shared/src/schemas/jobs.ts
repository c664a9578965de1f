import { z } from 'zod';
import { pageMetaSchema, paginationQuerySchema } from './common.js';

/** One queue of background work, as the admin console shows it (docs/admin.md, Background jobs). */
export const queueStatsSchema = z.object({
  queue: z.string(),
  /** Waiting to run: new, or back-off before a retry. */
  waiting: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  /** Failed for good after their retries: they wait for a person to retry them. */
  deadLetters: z.number().int().nonnegative(),
  /** How long the oldest job that could run has waited, in seconds; null when none waits. */
  oldestWaitingSeconds: z.number().nonnegative().nullable(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

export const jobsOverviewSchema = z.object({ queues: z.array(queueStatsSchema) });
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** A job that failed for good. Its payload is never shown: some carry sealed mail or sign-up data. */
export const deadLetterSchema = z.object({
  _id: z.string(),
  queue: z.string(),
  /** The id of what it worked on (a card movement, a top-up's order, a provider event), when the job names one. */
  item: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** The last failure's message (never a stack or a payload). */
  error: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

export const deadLettersQuerySchema = paginationQuerySchema.extend({
  queue: z
    .string()
    .regex(/^[a-z][a-z-]{0,63}$/, 'queue must be the name of a queue.')
    .optional(),
});
export type DeadLettersQuery = z.infer<typeof deadLettersQuerySchema>;

export const deadLettersPageSchema = z.object({ deadLetters: z.array(deadLetterSchema), meta: pageMetaSchema });
export type DeadLettersPage = z.infer<typeof deadLettersPageSchema>;
