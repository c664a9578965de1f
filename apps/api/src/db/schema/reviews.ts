import { REVIEW_KINDS, REVIEW_SUBJECT_OF, REVIEW_SUBJECT_TYPES } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Each kind has its one subject type (packages/shared, reviews). */
const kindSubjectPairs = sql.raw(
  Object.entries(REVIEW_SUBJECT_OF)
    .map(([kind, subject]) => `('${kind}', '${subject}')`)
    .join(', '),
);

/**
 * The review queue: every disagreement the app will not settle on its own (a provider contradicting a final state,
 * an amount that does not add up, an event nobody can apply, a card balance the issuer does not share), written in
 * the transaction that finds it. One open row per kind and subject, however often it is reported again; resolving
 * records a person's decision and moves no money. Rows are never deleted, and a resolution never changes
 * (migration 0013).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: REVIEW_KINDS }).notNull(),
    subjectType: text('subject_type', { enum: REVIEW_SUBJECT_TYPES }).notNull(),
    /** The deposit, provider event or card the review is about. */
    subjectId: uuid('subject_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    /** Amounts, coins, rates and statuses behind the reason; never secrets, never a raw provider body. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    /** The admin who resolved it; null when the app closed it because the two sides agree again. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('reviews_open_unique').on(t.kind, t.subjectType, t.subjectId).where(sql`${t.resolvedAt} is null`),
    index('reviews_created_idx').on(t.createdAt, t.id),
    index('reviews_subject_idx').on(t.subjectType, t.subjectId),
    index('reviews_user_idx').on(t.userId),
    check('reviews_kind_check', sql`(${t.kind}, ${t.subjectType}) in (${kindSubjectPairs})`),
    check(
      'reviews_resolution_check',
      sql`(${t.resolvedAt} is null and ${t.resolvedBy} is null and ${t.resolutionNote} is null)
        or (${t.resolvedAt} is not null and ${t.resolutionNote} is not null)`,
    ),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
