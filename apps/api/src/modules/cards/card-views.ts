import { type Card, type CardOperation, MONTHLY_CARD_LIMIT_CENTS, UNLOAD_COOLDOWN_MS } from '@coincard/shared';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import { type CardOperationRow, type CardRow, cardOperations } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { startOfUtcMonth } from '../../lib/months.js';
import { accountWhere } from '../ledger/ledger-read.js';

export const IN_TRANSIT_STATUSES = ['pending', 'submitted'] as const;

export function toOperationDto(
  row: Pick<CardOperationRow, 'id' | 'kind' | 'amount' | 'fee' | 'status' | 'createdAt'>,
): CardOperation {
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

export type LoadFacts = { monthlyLoaded: number; balance: number; loadedSince: number };

/**
 * What a load is checked against, in one statement: the cents loaded onto this card this month (loadedThisMonth),
 * the user's balance, and the cents the user loaded onto any card since `since` (the step-up rule). Three round
 * trips on the load's path before.
 */
export async function loadFacts(
  db: Executor,
  card: { id: string; userId: string },
  now: Date,
  since: Date,
): Promise<LoadFacts> {
  const [row] = await executeRows<{ monthly: string; balance: string | null; since: string }>(
    db,
    sql`select
      (select coalesce(sum(amount), 0) from card_operations where card_id = ${card.id} and kind = 'fund'
        and status <> 'failed' and created_at >= ${startOfUtcMonth(now).toISOString()}) as monthly,
      (select balance from ledger_accounts where ${accountWhere({ kind: 'user_balance', userId: card.userId })}) as balance,
      (select coalesce(sum(amount), 0) from card_operations where user_id = ${card.userId} and kind = 'fund'
        and status <> 'failed' and created_at > ${since.toISOString()}) as since`,
  );
  return {
    monthlyLoaded: Number(row?.monthly ?? 0),
    balance: Number(row?.balance ?? 0),
    loadedSince: Number(row?.since ?? 0),
  };
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

type OperationFact = Pick<CardOperationRow, 'id' | 'cardId' | 'kind' | 'amount' | 'fee' | 'status'> & {
  createdAt: string;
};

/**
 * The facts a card's description needs beyond its row, for many cards in one statement (three before, on every card
 * read and after every load): the cards' ledger balances, their movements this month or still in transit (the
 * monthly total, the unload cooldown and the pending list), and their unpaid monthly fees.
 */
async function cardFacts(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<{
  balances: { ref: string; balance: number }[];
  operations: OperationFact[];
  unpaid: { cardId: string; total: number }[];
}> {
  const since = new Date(Math.min(startOfUtcMonth(now).getTime(), now.getTime() - UNLOAD_COOLDOWN_MS));
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await executeRows<{ balances: unknown; operations: unknown; unpaid: unknown }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('ref', ref, 'balance', balance)), '[]'::json)
        from ledger_accounts where kind = 'card' and ref in (${list})) as balances,
      (select coalesce(json_agg(json_build_object('id', id, 'cardId', card_id, 'kind', kind, 'amount', amount,
          'fee', fee, 'status', status, 'createdAt', created_at)), '[]'::json)
        from card_operations where card_id in (${list})
          and (status in ('pending', 'submitted') or created_at >= ${since.toISOString()})) as operations,
      (select coalesce(json_agg(json_build_object('cardId', card_id, 'total', total)), '[]'::json)
        from (select card_id, sum(amount) as total from card_monthly_fees
          where card_id in (${list}) and status = 'unpaid' group by card_id) f) as unpaid`,
  );
  // PGlite answers json as parsed values, node-postgres too; a string would be a driver that does not.
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    balances: parsed(row?.balances) ?? [],
    operations: parsed(row?.operations) ?? [],
    unpaid: parsed(row?.unpaid) ?? [],
  };
}

/**
 * Cards as the API shows them, with what a person needs to act: the ledger balance, money in transit, this month's
 * loads against the limit, and when the unload cooldown ends. One query per kind of fact for the whole list.
 */
export async function describeCards(deps: Deps, rows: readonly CardRow[]): Promise<Card[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const now = deps.now();
  const facts = await cardFacts(deps.db, ids, now);
  const balances = new Map(facts.balances.map((b) => [b.ref, Number(b.balance)]));
  const operations = facts.operations.map((op) => ({ ...op, createdAt: new Date(op.createdAt) }));
  const unpaid = facts.unpaid;
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
