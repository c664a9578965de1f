import type { Card, CardActionResponse } from '@coincard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { cards, type UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { audit } from '../audit/audit.js';
import { LIVE_STATUSES } from './card-access.js';
import { describeCard, describeCards } from './card-views.js';

/** Every card a user ever had, deleted ones included, for the admin's user page. */
export async function listCardsOfUser(deps: Deps, userId: string): Promise<Card[]> {
  const rows = await deps.db.select().from(cards).where(eq(cards.userId, userId)).orderBy(asc(cards.createdAt));
  return describeCards(deps, rows);
}

async function liveCard(deps: Deps, cardId: string) {
  if (!z.uuid().safeParse(cardId).success) throw notFound('Card');
  const [card] = await deps.db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), inArray(cards.status, [...LIVE_STATUSES])));
  if (!card) throw notFound('Card');
  return card;
}

const issuerTrouble = () =>
  new AppError('ProviderError', 'The card issuer could not change the card right now. Please try again in a moment.');

/**
 * A card block by support: frozen at the issuer and marked so the owner cannot unfreeze it. A card the owner froze
 * becomes a support block too. Audited with the admin, the owner and where the request came from.
 */
export async function blockCard(
  deps: Deps,
  admin: UserRow,
  cardId: string,
  ctx: RequestContext,
): Promise<CardActionResponse> {
  const card = await liveCard(deps, cardId);
  if (card.status === 'pending') throw new AppError('CardNotActive', 'This card is still being created.');
  if (card.status === 'active') {
    await deps.issuer.freezeCard(card.issuerCardId ?? '').catch(() => {
      throw issuerTrouble();
    });
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(cards)
      .set({ status: 'frozen', frozenReason: 'admin', updatedAt: now })
      .where(and(eq(cards.id, card.id), inArray(cards.status, ['active', 'frozen'])));
    await audit(tx, {
      action: 'admin.card_frozen',
      actorId: admin.id,
      targetUserId: card.userId,
      ip: ctx.ip,
      details: { cardId: card.id, before: card.status },
    });
  });
  const [fresh] = await deps.db.select().from(cards).where(eq(cards.id, card.id));
  return {
    message: 'The card is blocked. Its owner cannot unfreeze it.',
    card: await describeCard(deps, fresh ?? card),
  };
}

/** Lifts a support block; a card frozen for another reason stays as it is. */
export async function unblockCard(
  deps: Deps,
  admin: UserRow,
  cardId: string,
  ctx: RequestContext,
): Promise<CardActionResponse> {
  const card = await liveCard(deps, cardId);
  if (card.status !== 'frozen' || card.frozenReason !== 'admin') {
    throw new AppError('ValidationError', 'This card has no block by support to lift.');
  }
  await deps.issuer.unfreezeCard(card.issuerCardId ?? '').catch(() => {
    throw issuerTrouble();
  });
  await deps.db.transaction(async (tx) => {
    await tx
      .update(cards)
      .set({ status: 'active', frozenReason: null, updatedAt: deps.now() })
      .where(and(eq(cards.id, card.id), eq(cards.status, 'frozen'), eq(cards.frozenReason, 'admin')));
    await audit(tx, {
      action: 'admin.card_unfrozen',
      actorId: admin.id,
      targetUserId: card.userId,
      ip: ctx.ip,
      details: { cardId: card.id },
    });
  });
  const [fresh] = await deps.db.select().from(cards).where(eq(cards.id, card.id));
  return { message: 'The block is lifted; the card is active again.', card: await describeCard(deps, fresh ?? card) };
}
