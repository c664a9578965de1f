import { type SQL, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import type { AccountKey } from './ledger-accounts.js';

/** The condition picking one account by its key, written as the owner index's expression so the index serves it. */
export const accountWhere = (key: AccountKey) =>
  sql`kind = ${key.kind} and coalesce(user_id::text, '') = ${key.userId ?? ''} and ref = ${key.ref ?? ''}`;

/** The balance of one account, 0 when it has never been used. */
export async function balanceOf(db: Executor, key: AccountKey): Promise<number> {
  const rows = await executeRows<{ balance: string }>(
    db,
    sql`select balance from ledger_accounts where ${accountWhere(key)}`,
  );
  return rows[0] ? Number(rows[0].balance) : 0;
}

/** The total of one kind of account across its owners and shards, optionally only those whose ref starts with `refPrefix`. */
export async function balanceOfKind(db: Executor, kind: AccountKey['kind'], refPrefix = ''): Promise<number> {
  const rows = await executeRows<{ total: string }>(
    db,
    sql`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts
        where kind = ${kind} and starts_with(ref, ${refPrefix})`,
  );
  return Number(rows[0]?.total ?? 0);
}

/** Balances of one kind of account for many refs at once (e.g. every card of a user), by ref. */
export async function balancesByRef(
  db: Executor,
  kind: AccountKey['kind'],
  refs: readonly string[],
): Promise<Map<string, number>> {
  const balances = new Map<string, number>(refs.map((ref) => [ref, 0]));
  if (refs.length === 0) return balances;
  const rows = await executeRows<{ ref: string; balance: string }>(
    db,
    sql`select ref, balance from ledger_accounts where kind = ${kind} and ref in (${sql.join(
      refs.map((ref) => sql`${ref}`),
      sql`, `,
    )})`,
  );
  for (const row of rows) balances.set(String(row.ref), Number(row.balance));
  return balances;
}

/**
 * A user's available balance as a column expression for a query whose FROM has the `users` table, so a query about
 * users carries it without a second round trip (authentication does this on every request). The column is named in
 * full: drizzle leaves it unqualified in single-table queries, where it would bind to the ledger account's own id.
 * The owner is compared as `coalesce(user_id::text, '')`, the very expression of the unique index
 * ledger_accounts_owner_unique: a plain `user_id =` cannot use that index and scanned every account per request.
 */
export function userBalanceSql(): SQL<number> {
  return sql<number>`coalesce((select la.balance from ledger_accounts la
    where la.kind = 'user_balance' and coalesce(la.user_id::text, '') = "users"."id"::text and la.ref = ''), 0)`.mapWith(
    Number,
  );
}

export type LedgerEntry = {
  transferId: string;
  kind: string;
  amount: number;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

/** An account's entries, newest first. */
export async function historyOf(
  db: Executor,
  key: AccountKey,
  page: { limit: number; offset: number },
): Promise<{ entries: LedgerEntry[]; total: number }> {
  const rows = await executeRows<{
    transfer_id: string;
    kind: string;
    amount: string;
    metadata: Record<string, unknown>;
    created_at: string | Date;
    total: string;
  }>(
    db,
    sql`
      select e.transfer_id, t.kind, e.amount, t.metadata, e.created_at, count(*) over () as total
      from ledger_entries e
      join ledger_transfers t on t.id = e.transfer_id
      where e.account_id = (select id from ledger_accounts where ${accountWhere(key)})
      order by e.id desc
      limit ${page.limit} offset ${page.offset}`,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    entries: rows.map((row) => ({
      transferId: row.transfer_id,
      kind: row.kind,
      amount: Number(row.amount),
      metadata: row.metadata,
      createdAt: new Date(row.created_at),
    })),
  };
}

/** How much a transfer moved (the sum of its positive entries), or null when there is no such transfer. */
export async function transferTotal(db: Executor, transferId: string): Promise<number | null> {
  const rows = await executeRows<{ total: string | null; n: string }>(
    db,
    sql`select sum(amount) filter (where amount > 0)::bigint as total, count(*) as n
        from ledger_entries where transfer_id = ${transferId}`,
  );
  return rows[0] && Number(rows[0].n) > 0 ? Number(rows[0].total) : null;
}
