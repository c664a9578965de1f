import { z } from 'zod';
import { pageMetaSchema, paginationQuerySchema } from './common.js';

/**
 * What a review is about (docs/admin.md, Reviews). Each kind has one subject type, so a subject and a kind name one
 * disagreement, and the same disagreement reported again never opens a second row.
 */
export const REVIEW_KINDS = [
  /** A top-up the provider says was paid, whose amount received is unknown, implausible or disagrees with its rate. */
  'deposit_amount_mismatch',
  /** The provider now says something else about a top-up that already ended (paid after cancel, another amount). */
  'deposit_final_disagreement',
  /** A signed provider event that could not be applied: out of retries, no longer verifying, provider gone. */
  'provider_event_unapplied',
  /** A signed provider event that contradicts what we recorded (a card movement that ended otherwise). */
  'provider_event_disagreement',
  /** A card whose ledger balance differs from the issuer's. */
  'card_balance_divergence',
] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REVIEW_SUBJECT_TYPES = ['deposit', 'provider_event', 'card'] as const;
export type ReviewSubjectType = (typeof REVIEW_SUBJECT_TYPES)[number];

export const REVIEW_SUBJECT_OF: Record<ReviewKind, ReviewSubjectType> = {
  deposit_amount_mismatch: 'deposit',
  deposit_final_disagreement: 'deposit',
  provider_event_unapplied: 'provider_event',
  provider_event_disagreement: 'provider_event',
  card_balance_divergence: 'card',
};

export const REVIEW_STATUSES = ['open', 'resolved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_NOTE_MAX_LENGTH = 1000;

const person = z.object({ _id: z.string(), email: z.string() });

export const reviewSchema = z.object({
  _id: z.string(),
  kind: z.enum(REVIEW_KINDS),
  subject: z.object({ type: z.enum(REVIEW_SUBJECT_TYPES), id: z.string() }),
  /** Whose money or card it concerns, when known. */
  user: person.nullable(),
  /** One sentence for a person: what disagrees with what. */
  reason: z.string(),
  /** The figures behind the reason (cents, coin amounts, rates, statuses); never secrets. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** When the same disagreement was last reported (a redelivery, a replay, a reconciliation run). */
  lastSeenAt: z.string(),
  /** Null while open. `resolvedBy` is null when the app closed it itself (the two sides agree again). */
  resolution: z.object({ resolvedAt: z.string(), resolvedBy: person.nullable(), note: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES, { message: 'status must be open or resolved.' }).default('open'),
  kind: z.enum(REVIEW_KINDS, { message: 'kind is not a kind of review.' }).optional(),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewsPageSchema = z.object({ reviews: z.array(reviewSchema), meta: pageMetaSchema });
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

/** PATCH /admin/reviews/{id}: a person's decision, in words. Resolving records it; it moves no money. */
export const resolveReviewBodySchema = z.object({
  note: z
    .string({ message: 'Write a note saying what you decided.' })
    .trim()
    .min(1, 'Write a note saying what you decided.')
    .max(REVIEW_NOTE_MAX_LENGTH, `The note must be at most ${REVIEW_NOTE_MAX_LENGTH} characters.`),
});
export type ResolveReviewBody = z.infer<typeof resolveReviewBodySchema>;

export const resolveReviewResponseSchema = z.object({ message: z.string(), review: reviewSchema });
export type ResolveReviewResponse = z.infer<typeof resolveReviewResponseSchema>;
