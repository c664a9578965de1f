import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A referral as judged at the referred user's verification (docs/referrals.md): applied, or only attempted
 * with the reason it did not apply. One per referred user.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey(),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null when the code named nobody. */
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    status: text('status', { enum: ['applied', 'not_applied'] }).notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_referred_unique').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    check('referrals_status_check', sql`${t.status} in ('applied', 'not_applied')`),
  ],
);

/** A reward earned with an applied referral. At most one held or paid reward per referral and event. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: uuid('id').primaryKey(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'restrict' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    event: text('event', { enum: ['SIGNUP', 'FIRST_CARD'] }).notNull(),
    referrerAmount: bigint('referrer_amount', { mode: 'number' }).notNull(),
    referredAmount: bigint('referred_amount', { mode: 'number' }).notNull().default(0),
    /** The card whose creation paid a FIRST_CARD reward. */
    cardId: uuid('card_id').references(() => cards.id, { onDelete: 'restrict' }),
    /**
     * held: earned, waiting for the friend's money to be real (docs/referrals.md); paid: released into the
     * referrer's earnings; reversed: the card that earned it was refused by the issuer, and a later first card
     * earns it again.
     */
    status: text('status', { enum: ['held', 'paid', 'reversed'] })
      .notNull()
      .default('held'),
    createdAt: ts('created_at').notNull().defaultNow(),
    releasedAt: ts('released_at'),
  },
  (t) => [
    uniqueIndex('referral_rewards_once').on(t.referralId, t.event).where(sql`${t.status} in ('held', 'paid')`),
    index('referral_rewards_referrer_idx').on(t.referrerId, t.createdAt),
    check('referral_rewards_event_check', sql`${t.event} in ('SIGNUP', 'FIRST_CARD')`),
    check('referral_rewards_status_check', sql`${t.status} in ('held', 'paid', 'reversed')`),
  ],
);

/** Referral earnings moved into the balance. */
export const referralWithdrawals = pgTable(
  'referral_withdrawals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('referral_withdrawals_user_idx').on(t.userId, t.createdAt)],
);
