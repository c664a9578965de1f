import type { Executor } from '../../db/client.js';
import type { ProviderEventRow } from '../../db/schema/index.js';
import { reportReview } from '../reviews/report-review.js';
import type { EventReview } from './webhook-source.js';

export type ReviewedEvent = Pick<ProviderEventRow, 'id' | 'source' | 'provider' | 'eventType' | 'subject' | 'attempts'>;

/**
 * Puts a provider event in the review queue, inside the transaction that records its outcome: one that contradicts
 * what we recorded (`provider_event_disagreement`), or one nobody can apply (`provider_event_unapplied`). The details
 * say which event it is; its raw body and signature stay on the event.
 */
export async function reportEventReview(
  db: Executor,
  kind: 'provider_event_disagreement' | 'provider_event_unapplied',
  event: ReviewedEvent,
  review: EventReview,
  now: Date,
): Promise<void> {
  await reportReview(
    db,
    {
      kind,
      subjectId: event.id,
      userId: review.userId,
      reason: review.reason,
      details: {
        source: event.source,
        provider: event.provider,
        eventType: event.eventType,
        subject: event.subject,
        attempts: event.attempts,
        ...review.details,
      },
    },
    now,
  );
}
