import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's passkeys (WebAuthn credentials): the public key and the signature counter the authenticator reported last,
 * never anything secret. A passkey is a second factor at sign-in, a way to sign in without a password, and a step-up.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a use must report more than this (or zero for authenticators without one). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    /** Synced to the person's other devices (a password manager's passkey) or bound to this one. */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
    check('passkeys_name_check', sql`char_length(${t.name}) between 1 and 40`),
    check('passkeys_counter_check', sql`${t.counter} >= 0`),
  ],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

export const WEBAUTHN_PURPOSES = ['register', 'sign_in', 'second_factor', 'step_up'] as const;
export type WebauthnPurpose = (typeof WEBAUTHN_PURPOSES)[number];

/**
 * Challenges handed to the browser for one WebAuthn ceremony: single use and short-lived, so an assertion cannot be
 * played again even by an authenticator that keeps no counter. Bound to what asked for it: the session (register,
 * step-up), the sign-in's challenge cookie (second factor), or nothing (a passwordless sign-in, which any visitor
 * may start).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the sign-in's two-factor challenge cookie, for a second-factor ceremony. */
    bindingHash: text('binding_hash'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_unique').on(t.challenge),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check(
      'webauthn_challenges_purpose_check',
      sql`${t.purpose} in ('register', 'sign_in', 'second_factor', 'step_up')`,
    ),
  ],
);
