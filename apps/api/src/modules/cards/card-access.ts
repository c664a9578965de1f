import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { type CardRow, cards, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';

/** Cards a user sees and can act on; terminated and failed ones are history only. */
export const LIVE_STATUSES = ['pending', 'active', 'frozen'] as const;

const cardNotFound = () => notFound('Card');

/**
 * The user's own live card, optionally locked FOR UPDATE (every money movement on a card locks it first, so two
 * requests on one card take turns). Another user's card, a deleted one and a malformed id all answer 404.
 */
export async function findOwnCard(
  db: Executor,
  userId: string,
  cardId: string,
  options: { lock?: boolean } = {},
): Promise<CardRow> {
  if (!z.uuid().safeParse(cardId).success) throw cardNotFound();
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId), inArray(cards.status, [...LIVE_STATUSES])));
  const [card] = options.lock ? await query.for('update') : await query;
  if (!card) throw cardNotFound();
  return card;
}

const suspendedError = () => new AppError('AccountSuspended', 'Your account is suspended. Contact support.');

/**
 * For a money movement: the user's own live card locked FOR UPDATE, and the user's suspension read again in the
 * same statement (it may have happened after the request was authenticated). One round trip where findOwnCard and
 * assertNotSuspended took two; the same answers: 404 first, then the suspension.
 */
export async function lockOwnCardForMoney(
  tx: Executor,
  userId: string,
  cardId: string,
  /**
   * A lock to take in the same round trip: a load's per-user lock (load-step-up.ts). Only loads take that one, so no
   * other path's lock order depends on whether it is granted just before or just after the card's row lock.
   */
  alsoLock?: SQL,
): Promise<CardRow> {
  if (!z.uuid().safeParse(cardId).success) throw cardNotFound();
  const [row] = await tx
    .select({ card: cards, suspended: users.suspended, ...(alsoLock ? { alsoLocked: alsoLock } : {}) })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId), inArray(cards.status, [...LIVE_STATUSES])))
    .for('update', { of: cards });
  if (!row) throw cardNotFound();
  if (row.suspended) throw suspendedError();
  return row.card;
}

/** Suspension is checked again inside money transactions: it may have happened after the request was authenticated. */
export async function assertNotSuspended(db: Executor, userId: string): Promise<void> {
  const [user] = await db.select({ suspended: users.suspended }).from(users).where(eq(users.id, userId));
  if (!user || user.suspended) throw suspendedError();
}

export function assertActive(card: CardRow, action: string): void {
  if (card.status === 'active') return;
  if (card.status === 'pending') {
    throw new AppError('CardNotActive', `This card is still being created; you can ${action} it in a moment.`);
  }
  const why =
    card.frozenReason === 'unpaid_fee'
      ? 'This card is frozen because its monthly fee is unpaid.'
      : 'This card is frozen.';
  throw new AppError('CardNotActive', `${why} Unfreeze it to ${action} it.`);
}
