import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const CODE_PURPOSES = ['verify_email', 'password_reset', 'two_factor', 'email_change', 'step_up'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    /** SHA-256 of a link code, or HMAC of a 6-digit OTP: never the code itself. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload').$type<{ newEmail?: string; challengeHash?: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_hash_idx').on(t.codeHash),
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    index('one_time_codes_expires_idx').on(t.expiresAt),
    check(
      'one_time_codes_purpose_check',
      sql`${t.purpose} in ('verify_email', 'password_reset', 'two_factor', 'email_change', 'step_up')`,
    ),
    check('one_time_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
