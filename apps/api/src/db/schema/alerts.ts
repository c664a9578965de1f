import { ALERT_KINDS, type AlertKind } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const kinds = ALERT_KINDS.map((kind) => `'${kind}'`).join(', ');

/**
 * What the owner was told about (modules/alerts, docs/decisions/032-alerts.md): the text as it was rendered when it
 * happened, read or unread. `dedupeKey` names the fact (a purchase's transfer id): a fact replayed raises nothing new.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    cardId: uuid('card_id'),
    dedupeKey: text('dedupe_key'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('alerts_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('alerts_user_dedupe_unique').on(t.userId, t.dedupeKey),
    check('alerts_kind_check', sql.raw(`"alerts"."kind" in (${kinds})`)),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;

/** The owner's choices of which alerts also arrive by e-mail; a kind not named keeps its default. */
export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<Partial<Record<AlertKind, boolean>>>().notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
