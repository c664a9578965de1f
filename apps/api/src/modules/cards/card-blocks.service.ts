import type { Card, CardActionResponse } from '@coincard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { cards, type UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { audit } from '../audit/audit.js';
import { LIVE_STATUSES } from './card-access.js';
import { ensureFrozenAtIssuer } from './card-reconciliation.service.js';
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
 * A card block by support: marked first, under the card's row lock, so an unfreeze by its owner or by the fee job
 * that is already under way finds the card changed and freezes it again; then frozen at the issuer, always (freezing
 * is idempotent there), with the reconciliation job retrying until it holds. A card the owner froze becomes a support
 * block too. Audited with the admin, the owner and where the request came from.
 */
export async function blockCard(
  deps: Deps,
  admin: UserRow,
  cardId: string,
  ctx: RequestContext,
): Promise<CardActionResponse> {
  const now = deps.now();
  const card = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), inArray(cards.status, [...LIVE_STATUSES])))
      .for('update');
    if (!locked) throw notFound('Card');
    if (locked.status === 'pending') throw new AppError('CardNotActive', 'This card is still being created.');
    if (locked.frozenReason !== 'admin') {
      await tx
        .update(cards)
        .set({ status: 'frozen', frozenReason: 'admin', updatedAt: now })
        .where(eq(cards.id, locked.id));
      await audit(tx, {
        action: 'admin.card_frozen',
        actorId: admin.id,
        targetUserId: locked.userId,
        ip: ctx.ip,
        details: { cardId: locked.id, before: locked.status, frozenReason: locked.frozenReason },
      });
    }
    return locked;
  });
  const atIssuer = await ensureFrozenAtIssuer(deps, card);
  return {
    message: atIssuer
      ? 'The card is blocked. Its owner cannot unfreeze it.'
      : 'The card is blocked here; the issuer could not be reached, so it is being frozen there as soon as it answers.',
    card: await describeFresh(deps, card.id),
  };
}

async function describeFresh(deps: Deps, cardId: string) {
  const [fresh] = await deps.db.select().from(cards).where(eq(cards.id, cardId));
  if (!fresh) throw notFound('Card');
  return describeCard(deps, fresh);
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
  const lifted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cards)
      .set({ status: 'active', frozenReason: null, updatedAt: deps.now() })
      .where(and(eq(cards.id, card.id), eq(cards.status, 'frozen'), eq(cards.frozenReason, 'admin')))
      .returning({ id: cards.id });
    if (!row) return false;
    await audit(tx, {
      action: 'admin.card_unfrozen',
      actorId: admin.id,
      targetUserId: card.userId,
      ip: ctx.ip,
      details: { cardId: card.id },
    });
    return true;
  });
  if (!lifted) {
    // Deleted meanwhile: it stays frozen at the issuer until it is closed there.
    await ensureFrozenAtIssuer(deps, card);
    throw new AppError('CardBusy', 'This card changed while the block was being lifted. Please look again.');
  }
  return { message: 'The block is lifted; the card is active again.', card: await describeFresh(deps, card.id) };
}
