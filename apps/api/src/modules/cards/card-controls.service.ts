import type { CardControls, CardControlsBody, MerchantCategory } from '@coincard/shared';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CardRow, cardAuthorizations, cards, type UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { addMonths, startOfUtcMonth } from '../../lib/months.js';
import { audit } from '../audit/audit.js';
import { findOwnCard } from './card-access.js';
import { limitCardActions } from './card-action-limit.js';
import { alertCardUnlocked, loosenedControls } from './card-controls-loosening.js';

/** Days and months are UTC (decision 033): a day's limit renews at 00:00 UTC, a month's on the 1st at 00:00 UTC. */
export const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const nextUtcDay = (date: Date) => new Date(startOfUtcDay(date).getTime() + 86_400_000);

/** Cents of approved purchases on a card since a moment: what counts against its limits. */
export async function spentSince(db: Executor, cardId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${cardAuthorizations.amount}), 0)` })
    .from(cardAuthorizations)
    .where(
      and(
        eq(cardAuthorizations.cardId, cardId),
        eq(cardAuthorizations.approved, true),
        gte(cardAuthorizations.createdAt, since),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The merchant of the card's first approved purchase: the one a locked card is tied to. */
export async function firstMerchant(db: Executor, cardId: string): Promise<string | null> {
  const [row] = await db
    .select({ merchant: cardAuthorizations.merchant })
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.cardId, cardId), eq(cardAuthorizations.approved, true)))
    .orderBy(asc(cardAuthorizations.createdAt), asc(cardAuthorizations.id))
    .limit(1);
  return row?.merchant ?? null;
}

export type SpendWindows = { daySpent: number; monthSpent: number; dayStart: Date; monthStart: Date };

export async function spendWindows(db: Executor, cardId: string, now: Date): Promise<SpendWindows> {
  const dayStart = startOfUtcDay(now);
  const monthStart = startOfUtcMonth(now);
  return {
    dayStart,
    monthStart,
    daySpent: await spentSince(db, cardId, dayStart),
    monthSpent: await spentSince(db, cardId, monthStart),
  };
}

async function describeControls(deps: Deps, db: Executor, card: CardRow): Promise<CardControls> {
  const now = deps.now();
  const windows = await spendWindows(db, card.id, now);
  const window = (limit: number | null, spent: number, renewsAt: Date) =>
    limit === null ? null : { left: Math.max(0, limit - spent), spent, renewsAt: renewsAt.toISOString() };
  return {
    perPurchase: card.limitPerPurchase,
    daily: card.limitDaily,
    monthly: card.limitMonthly,
    merchantLock: card.merchantLock,
    blockedCategories: card.blockedCategories as MerchantCategory[],
    singleUse: card.singleUse,
    lockedMerchant: card.merchantLock ? await firstMerchant(db, card.id) : null,
    dailyWindow: window(card.limitDaily, windows.daySpent, nextUtcDay(now)),
    monthlyWindow: window(card.limitMonthly, windows.monthSpent, addMonths(windows.monthStart, 1)),
    enforcement: deps.issuer.authorizations ? 'authorization' : 'after-purchase',
  };
}

/** `GET /api/cards/{id}/controls`: the card's controls and what is left under its limits. */
export async function getCardControls(deps: Deps, user: UserRow, cardId: string): Promise<CardControls> {
  const card = await findOwnCard(deps.db, user.id, cardId);
  return describeControls(deps, deps.db, card);
}

/** `PUT /api/cards/{id}/controls`: replaces the controls (the body is validated by the route), audited. */
export async function updateCardControls(
  deps: Deps,
  user: UserRow,
  cardId: string,
  body: CardControlsBody,
  ctx: RequestContext,
): Promise<CardControls> {
  await limitCardActions(deps, user);
  return deps.db.transaction(async (tx) => {
    // Locked like every authorization on the card, so a decision sees the controls before or after, never half.
    const card = await findOwnCard(tx, user.id, cardId, { lock: true });
    const blocked = [...new Set(body.blockedCategories)].sort();
    const [updated] = await tx
      .update(cards)
      .set({
        limitPerPurchase: body.perPurchase,
        limitDaily: body.daily,
        limitMonthly: body.monthly,
        merchantLock: body.merchantLock,
        blockedCategories: blocked,
        updatedAt: deps.now(),
      })
      .where(eq(cards.id, card.id))
      .returning();
    if (!updated) throw new Error('card vanished while locked');
    const before = {
      perPurchase: card.limitPerPurchase,
      daily: card.limitDaily,
      monthly: card.limitMonthly,
      merchantLock: card.merchantLock,
      blockedCategories: card.blockedCategories,
    };
    const after = { ...body, blockedCategories: blocked };
    await audit(tx, {
      action: 'card.controls_changed',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: {
        cardId: card.id,
        before,
        after,
      },
    });
    const loosened = loosenedControls(before, after);
    if (loosened.length > 0) await alertCardUnlocked(deps, tx, card, { type: 'controls_loosened', loosened }, ctx);
    return describeControls(deps, tx, updated);
  });
}
