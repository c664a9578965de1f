import type { Card, CardActionResponse } from '@coincard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type CardRow, cardMonthlyFees, cards, type UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { refuseAdminAction } from '../admin/admin-refusals.js';
import { raiseAlert } from '../alerts/raise-alert.js';
import { audit } from '../audit/audit.js';
import { publishLive } from '../live/live-events.js';
import { LIVE_STATUSES } from './card-access.js';
import { freezeAtIssuerNow, queueIssuerFreeze } from './card-issuer-state.js';
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

const refusal = (admin: UserRow, card: CardRow, attempted: 'card_block' | 'card_unblock') => ({
  adminId: admin.id,
  targetUserId: card.userId,
  attempted,
  details: { cardId: card.id },
});

const issuerTrouble = () =>
  new AppError('ProviderError', 'The card issuer could not change the card right now. Please try again in a moment.');

/**
 * A card block by support: marked first, under the card's row lock, so an unfreeze by its owner or by the fee job
 * that is already under way finds the card changed and freezes it again; then frozen at the issuer, always (freezing
 * is idempotent there), with the reconciliation job retrying until it holds. A card the owner froze (or the fee job
 * did) becomes a support block too, remembering why it was frozen so lifting the block puts that back. Audited with
 * the admin, the owner and where the request came from; a repeat is audited as unchanged, a refusal as refused.
 */
export async function blockCard(
  deps: Deps,
  admin: UserRow,
  cardId: string,
  ctx: RequestContext,
): Promise<CardActionResponse> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), inArray(cards.status, [...LIVE_STATUSES])))
      .for('update');
    if (!locked) throw notFound('Card');
    if (locked.status === 'pending') return { refused: true, card: locked };
    const before = locked.frozenReason;
    const unchanged = before === 'admin';
    if (before !== 'admin') {
      await tx
        .update(cards)
        .set({ status: 'frozen', frozenReason: 'admin', frozenReasonBeforeBlock: before, updatedAt: now })
        .where(eq(cards.id, locked.id));
      await queueIssuerFreeze(tx, deps, locked.id);
      await raiseAlert(deps, tx, {
        userId: locked.userId,
        kind: 'card_frozen_by_admin',
        card: { id: locked.id, name: locked.name, last4: locked.last4 },
      });
      await publishLive(deps, tx, locked.userId, { type: 'card', cardId: locked.id });
    }
    await audit(tx, {
      action: 'admin.card_frozen',
      actorId: admin.id,
      targetUserId: locked.userId,
      ip: ctx.ip,
      details: unchanged
        ? { cardId: locked.id, unchanged: true }
        : { cardId: locked.id, before: locked.status, frozenReason: locked.frozenReason },
    });
    return { refused: false, card: locked };
  });
  const { card } = outcome;
  if (outcome.refused) {
    throw await refuseAdminAction(
      deps,
      ctx,
      refusal(admin, card, 'card_block'),
      new AppError('CardNotActive', 'This card is still being created.'),
    );
  }
  const atIssuer = await freezeAtIssuerNow(deps, card);
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

/**
 * What a card goes back to when its block is lifted: frozen again if a monthly fee is unpaid (whatever it was
 * before, the fee job unfreezes it once paid), frozen by its owner if the owner had frozen it, otherwise active.
 */
async function stateAfterBlock(deps: Deps, card: CardRow) {
  const [owing] = await deps.db
    .select({ id: cardMonthlyFees.cardId })
    .from(cardMonthlyFees)
    .where(and(eq(cardMonthlyFees.cardId, card.id), eq(cardMonthlyFees.status, 'unpaid')))
    .limit(1);
  if (owing) return { status: 'frozen', frozenReason: 'unpaid_fee' } as const;
  if (card.frozenReasonBeforeBlock === 'user') return { status: 'frozen', frozenReason: 'user' } as const;
  return { status: 'active', frozenReason: null } as const;
}

const LIFTED_MESSAGES = {
  active: 'The block is lifted; the card is active again.',
  user: 'The block is lifted; the card stays frozen, as its owner had frozen it.',
  unpaid_fee: 'The block is lifted; the card stays frozen until its unpaid monthly fee is paid.',
} as const;

/** Lifts a support block, putting back the state the card had before it; a card frozen otherwise is refused. */
export async function unblockCard(
  deps: Deps,
  admin: UserRow,
  cardId: string,
  ctx: RequestContext,
): Promise<CardActionResponse> {
  const card = await liveCard(deps, cardId);
  if (card.status !== 'frozen' || card.frozenReason !== 'admin') {
    throw await refuseAdminAction(
      deps,
      ctx,
      refusal(admin, card, 'card_unblock'),
      new AppError('ValidationError', 'This card has no block by support to lift.'),
    );
  }
  const next = await stateAfterBlock(deps, card);
  if (next.status === 'active') {
    const unfrozen = await deps.issuer.unfreezeCard(card.issuerCardId ?? '').then(
      () => true,
      () => false,
    );
    if (!unfrozen) {
      throw await refuseAdminAction(deps, ctx, refusal(admin, card, 'card_unblock'), issuerTrouble());
    }
  }
  const lifted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cards)
      .set({ ...next, frozenReasonBeforeBlock: null, updatedAt: deps.now() })
      .where(and(eq(cards.id, card.id), eq(cards.status, 'frozen'), eq(cards.frozenReason, 'admin')))
      .returning({ id: cards.id });
    if (!row) return false;
    await publishLive(deps, tx, card.userId, { type: 'card', cardId: card.id });
    await audit(tx, {
      action: 'admin.card_unfrozen',
      actorId: admin.id,
      targetUserId: card.userId,
      ip: ctx.ip,
      details: { cardId: card.id, after: next.frozenReason ?? 'active' },
    });
    return true;
  });
  if (!lifted) {
    // Deleted meanwhile: it stays frozen at the issuer until it is closed there.
    await queueIssuerFreeze(deps.db, deps, card.id);
    throw new AppError('CardBusy', 'This card changed while the block was being lifted. Please look again.');
  }
  return { message: LIFTED_MESSAGES[next.frozenReason ?? 'active'], card: await describeFresh(deps, card.id) };
}
