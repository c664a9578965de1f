// Before each measured turn, wait until PostgreSQL's background clean-up has finished: a turn that writes many rows
// (pgbench's updates, the ledger's entries) leaves autovacuum work behind, and whichever turn came next paid for it.
// In 3 rounds of 10 s that swung the ledger's ratio to pgbench between 56% and 120% from one run to the next.
import pg from 'pg';

/** Waits (at most `timeoutMs`) until no autovacuum worker is running on the server behind `url`. */
export async function settle(url, { timeoutMs = 30_000 } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        "select count(*)::int as busy from pg_stat_activity where backend_type = 'autovacuum worker'",
      );
      if (rows[0].busy === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}
