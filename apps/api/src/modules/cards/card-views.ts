import { type Card, type CardOperation, MONTHLY_CARD_LIMIT_CENTS, UNLOAD_COOLDOWN_MS } from '@coincard/shared';
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CardOperationRow, type CardRow, cardMonthlyFees, cardOperations } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { startOfUtcMonth } from '../../lib/months.js';
import { balancesByRef } from '../ledger/ledger-read.js';

export const IN_TRANSIT_STATUSES = ['pending', 'submitted'] as const;

export function toOperationDto(row: CardOperationRow): CardOperation {
  return {
    _id: row.id,
    kind: row.kind,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Cents loaded onto a card this calendar month (UTC), counting loads that have not failed. */
export async function loadedThisMonth(db: Executor, cardId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${cardOperations.amount}), 0)` })
    .from(cardOperations)
    .where(
      and(
        eq(cardOperations.cardId, cardId),
        eq(cardOperations.kind, 'fund'),
        ne(cardOperations.status, 'failed'),
        gte(cardOperations.createdAt, startOfUtcMonth(now)),
      ),
    );
  return Number(row?.total ?? 0);
}

/** When the card's last unload that did not fail was asked for, if any. */
export async function lastUnloadAt(db: Executor, cardId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${cardOperations.createdAt})` })
    .from(cardOperations)
    .where(
      and(eq(cardOperations.cardId, cardId), eq(cardOperations.kind, 'unload'), ne(cardOperations.status, 'failed')),
    );
  return row?.at ? new Date(row.at) : null;
}

/**
 * Cards as the API shows them, with what a person needs to act: the ledger balance, money in transit, this month's
 * loads against the limit, and when the unload cooldown ends. One query per kind of fact for the whole list.
 */
export async function describeCards(deps: Deps, rows: readonly CardRow[]): Promise<Card[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const now = deps.now();
  const balances = await balancesByRef(deps.db, 'card', ids);
  // This month's movements tell the monthly total, the last few minutes' the unload cooldown: one query for all.
  const since = new Date(Math.min(startOfUtcMonth(now).getTime(), now.getTime() - UNLOAD_COOLDOWN_MS));
  const operations = await deps.db
    .select()
    .from(cardOperations)
    .where(
      and(
        inArray(cardOperations.cardId, ids),
        sql`(${cardOperations.status} in ('pending', 'submitted') or ${cardOperations.createdAt} >= ${since.toISOString()})`,
      ),
    );
  const unpaid = await deps.db
    .select({ cardId: cardMonthlyFees.cardId, total: sql<string>`sum(${cardMonthlyFees.amount})` })
    .from(cardMonthlyFees)
    .where(and(inArray(cardMonthlyFees.cardId, ids), eq(cardMonthlyFees.status, 'unpaid')))
    .groupBy(cardMonthlyFees.cardId);
  return rows.map((row) => {
    const own = operations.filter((op) => op.cardId === row.id);
    const monthlyLoaded = own
      .filter((op) => op.kind === 'fund' && op.status !== 'failed' && op.createdAt >= startOfUtcMonth(now))
      .reduce((sum, op) => sum + op.amount, 0);
    const lastUnload = own
      .filter((op) => op.kind === 'unload' && op.status !== 'failed')
      .reduce((latest, op) => Math.max(latest, op.createdAt.getTime()), 0);
    const cooldownEnds = lastUnload ? lastUnload + UNLOAD_COOLDOWN_MS : 0;
    const status = row.status === 'failed' ? 'terminated' : row.status;
    return {
      _id: row.id,
      name: row.name,
      last4Digits: row.last4,
      balance: balances.get(row.id) ?? 0,
      status,
      frozenReason: row.status === 'frozen' ? row.frozenReason : null,
      unpaidFees: Number(unpaid.find((fee) => fee.cardId === row.id)?.total ?? 0),
      holderName: row.holderName,
      brand: 'Mastercard' as const,
      currency: 'USD' as const,
      pendingOperations: own
        .filter((op) => (IN_TRANSIT_STATUSES as readonly string[]).includes(op.status))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map(toOperationDto),
      monthlyLoaded,
      monthlyLimit: MONTHLY_CARD_LIMIT_CENTS,
      unloadAvailableAt: cooldownEnds > now.getTime() ? new Date(cooldownEnds).toISOString() : null,
      nextFeeDueAt: row.nextFeeDueAt.toISOString(),
      singleUse: row.singleUse,
      simulatorUrl: row.issuerCardId && deps.issuer.simulatorUrl ? deps.issuer.simulatorUrl(row.issuerCardId) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    } satisfies Card;
  });
}

export async function describeCard(deps: Deps, row: CardRow): Promise<Card> {
  const [card] = await describeCards(deps, [row]);
  if (!card) throw new Error('card vanished');
  return card;
}
