import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    verified: boolean('verified').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    suspended: boolean('suspended').notNull().default(false),
    cardholderId: text('cardholder_id'),
    /** The raw ref code from the sign-up link, kept even when it names nobody, so the referral can be judged at verification. */
    referredByCode: text('referred_by_code'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_admins_idx').on(t.id).where(sql`${t.role} = 'admin'`),
    // The admin dashboard counts verified cardholders off this index alone.
    index('users_cardholders_idx').on(t.id).where(sql`${t.cardholderId} is not null`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_email_length_check', sql`char_length(${t.email}) between 3 and 254`),
  ],
);

export type UserRow = typeof users.$inferSelect;
