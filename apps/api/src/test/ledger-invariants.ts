import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';

type Row = Record<string, unknown>;

/**
 * The ledger's invariants, checked after every money test: all entries sum to zero, each transfer balances,
 * every cached balance equals the sum of its entries, and no user-owned account is negative.
 */
export async function expectLedgerInvariants(db: Database): Promise<void> {
  const total = (await db.execute(
    sql`select coalesce(sum(amount), 0)::bigint as total from ledger_entries`,
  )) as unknown as { rows: Row[] };
  expect(Number(total.rows[0]?.total)).toBe(0);
  const unbalanced = (await db.execute(sql`
    select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0`)) as unknown as {
    rows: Row[];
  };
  expect(unbalanced.rows).toEqual([]);
  const drift = (await db.execute(sql`
    select a.id, a.balance, coalesce(sum(e.amount), 0)::bigint as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)`)) as unknown as { rows: Row[] };
  expect(drift.rows).toEqual([]);
  const negative = (await db.execute(sql`
    select id, kind, balance from ledger_accounts where not allow_negative and balance < 0`)) as unknown as {
    rows: Row[];
  };
  expect(negative.rows).toEqual([]);
}
