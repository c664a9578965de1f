import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, executeRows } from '../db/client.js';

/**
 * The ledger's invariants, checked after every money test: all entries sum to zero, each transfer balances,
 * every cached balance equals the sum of its entries, and no user-owned account is negative.
 */
export async function expectLedgerInvariants(db: Database): Promise<void> {
  const total = await executeRows(db, sql`select coalesce(sum(amount), 0)::bigint as total from ledger_entries`);
  expect(Number(total[0]?.total)).toBe(0);
  const unbalanced = await executeRows(
    db,
    sql`
    select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const drift = await executeRows(
    db,
    sql`
    select a.id, a.balance, coalesce(sum(e.amount), 0)::bigint as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(drift).toEqual([]);
  const negative = await executeRows(
    db,
    sql`
    select id, kind, balance from ledger_accounts
    where balance < 0 and kind not in ('clearing_payments', 'clearing_issuer', 'expense_referral_rewards')`,
  );
  expect(negative).toEqual([]);
}
