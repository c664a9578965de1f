import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's authenticator-app secret (RFC 6238). `secretSealed` is AES-GCM sealed, never plain. Until `confirmedAt`
 * is set the secret is only an enrolment in progress and does not guard sign-in.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The last 30-second step whose code was accepted: a code of that step or an earlier one is a replay. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Single-use recovery codes; a used one keeps its row (with `usedAt`) for the record. Each is sealed (AES-GCM,
 * `codeSealed`), so a rotation of SESSION_SECRET can re-seal it; codes made before that are keyed hashes
 * (`codeHash`), which nothing can re-key, and work while their secret is configured.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    codeSealed: text('code_sealed'),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('recovery_codes_user_idx').on(t.userId),
    check('recovery_codes_one_form_check', sql`(${t.codeHash} is null) <> (${t.codeSealed} is null)`),
  ],
);
