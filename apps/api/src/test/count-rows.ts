import { type SQL, sql } from 'drizzle-orm';
import { executeRows } from '../db/client.js';
import type { TestApp } from './test-app.js';

/** Tables tests count rows in, to prove that nothing was written. */
export type CountedTable =
  | 'deposits'
  | 'sandbox_invoices'
  | 'provider_events'
  | 'cards'
  | 'card_operations'
  | 'card_declines'
  | 'card_authorizations'
  | 'ledger_transfers'
  | 'audit_log'
  | 'alerts'
  | 'alert_preferences';

export async function countRows(t: TestApp, table: CountedTable, where?: SQL) {
  const condition = where ? sql` where ${where}` : sql``;
  const [row] = await executeRows<{ n: number }>(
    t.deps.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}${condition}`,
  );
  return Number(row?.n ?? 0);
}
