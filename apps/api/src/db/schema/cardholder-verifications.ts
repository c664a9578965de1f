import type { CardholderDetails } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const VERIFICATION_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'needs_more_information',
  'withdrawn',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * One submission of a user's identity to the card issuer (docs/decisions/029-cardholder-verification.md). The
 * identity fields are sealed under their own key only until the issuer has them (`details_sealed` is then null);
 * what stays is the masked `summary` and the decision. `withdrawn`: an admin asked the user to verify again.
 */
export const cardholderVerifications = pgTable(
  'cardholder_verifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuer: text('issuer').notNull(),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    /** The issuer's cardholder, once it accepted the registration; becomes the user's cardholderId on approval. */
    issuerCardholderId: text('issuer_cardholder_id'),
    /** The submitted fields, AES-256-GCM under the `cardholder-identity` key, while the issuer does not have them. */
    detailsSealed: text('details_sealed'),
    summary: jsonb('summary').$type<CardholderDetails>().notNull(),
    /** The issuer's reason for a refusal, or what the app or support says. */
    reason: text('reason'),
    /** False when the submission ended without the issuer judging it (it could not be reached): not an attempt. */
    countsAsAttempt: boolean('counts_as_attempt').notNull().default(true),
    submittedAt: ts('submitted_at').notNull(),
    /** When the issuer accepted the registration. */
    sentAt: ts('sent_at'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('cardholder_verifications_user_idx').on(t.userId, t.submittedAt),
    uniqueIndex('cardholder_verifications_issuer_holder_unique').on(t.issuer, t.issuerCardholderId),
    // One submission at a time per user, whatever two requests racing at once would do.
    uniqueIndex('cardholder_verifications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('cardholder_verifications_unsent_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending' and ${t.issuerCardholderId} is null`),
    check(
      'cardholder_verifications_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'needs_more_information', 'withdrawn')`,
    ),
    // The retention rule held by the database too: sealed details only while the issuer does not have them.
    check(
      'cardholder_verifications_sealed_check',
      sql`${t.detailsSealed} is null or (${t.status} = 'pending' and ${t.issuerCardholderId} is null)`,
    ),
  ],
);
export type CardholderVerificationRow = typeof cardholderVerifications.$inferSelect;

/** An admin asked a user to verify again: the user's status goes back to needs_more_information with this reason. */
export const cardholderReverifyRequests = pgTable(
  'cardholder_reverify_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    /** The cardholder the user had until then (kept for support; the user's own field is cleared). */
    previousCardholderId: text('previous_cardholder_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('cardholder_reverify_requests_user_idx').on(t.userId, t.createdAt)],
);
