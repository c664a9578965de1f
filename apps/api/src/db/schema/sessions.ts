import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Absolute end: refresh rotation never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    /** The address it signed in from. */
    ip: text('ip'),
    /** The last refresh (every 15 minutes of use) and its address: cheap, and enough for "last seen". */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    lastIp: text('last_ip'),
    /** The last step-up (password, code or passkey): card secrets need one a few minutes old at most. */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Every refresh token a session was ever given, by hash; a rotated one presented again means theft. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    /**
     * The token this one was rotated into, sealed under this token itself (only its holder can open it), so a
     * second tab refreshing with it inside the grace window gets the same new token instead of a theft alarm.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    index('refresh_tokens_session_idx').on(t.sessionId),
    check('refresh_tokens_hash_check', sql`char_length(${t.tokenHash}) = 64`),
  ],
);
