import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every verified webhook from every provider, as it arrived, keyed so a redelivery is recognised. An event is
 * marked processed only after its module applied it; until then the replay job hands it to the module again.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: uuid('id').primaryKey(),
    /** Which webhook route received it: `payments` or `issuing`. */
    source: text('source').notNull(),
    /** Which implementation sent it (sandbox, cryptomus, bridgecard...). */
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    /** What it is about: an order id, an issuer card id. */
    subject: text('subject'),
    rawBody: text('raw_body').notNull(),
    /** The signature header it came with, when the signature is not inside the body; kept for re-verification. */
    signature: text('signature'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    /** When the replay job may next try an unprocessed event; null once a person must look at it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('provider_events_key_unique').on(t.source, t.provider, t.eventKey),
    index('provider_events_subject_idx').on(t.subject),
    index('provider_events_replay_idx').on(t.nextAttemptAt).where(sql`${t.processedAt} is null`),
    index('provider_events_processed_idx').on(t.processedAt).where(sql`${t.processedAt} is not null`),
  ],
);
export type ProviderEventRow = typeof providerEvents.$inferSelect;
