import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';

/**
 * Exact totals from the trigger-kept counters (migration 0005): counting a million rows for a list's page count
 * would cost more than the page itself.
 */
export async function platformTotals(db: Executor): Promise<{ users: number; admins: number; deposits: number }> {
  const [row] = await executeRows<{ users: string; deposits: string; admins: string }>(
    db,
    sql`select coalesce(sum(users_registered), 0) as users, coalesce(sum(deposits_created), 0) as deposits,
          (select count(*) from users where role = 'admin') as admins
        from platform_daily_stats`,
  );
  return { users: Number(row?.users ?? 0), admins: Number(row?.admins ?? 0), deposits: Number(row?.deposits ?? 0) };
}
