// Transfers per second straight through the ledger (no HTTP): many concurrent transactions moving cents between
// user balances on PostgreSQL, through the same `move` the app uses. Also counts what each transfer cost: the
// statements sent (round trips) and the trigger and function calls PostgreSQL made (pg_stat_user_functions).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { cpuPerRequest, cpuSnapshot } from './process-cpu.mjs';

/** Seeds 100 funded users once; `measure(seconds)` can then run as many rounds as wanted. */
export async function prepareLedgerTransfers({ dbUrl, concurrency = 20 }) {
  const { openDatabase } = await import('../../apps/api/dist/db/client.js');
  const { move } = await import('../../apps/api/dist/modules/ledger/ledger.service.js');
  const handle = await openDatabase({ url: dbUrl, poolSize: concurrency + 2 });
  const database = new URL(dbUrl).pathname.slice(1);
  const stats = new pg.Client({ connectionString: dbUrl });
  await stats.connect();
  // Function call counts need track_functions; set for this database only (new sessions see it).
  await stats.query(`alter database ${database} set track_functions = 'pl'`);
  const users = [];
  for (let i = 0; i < 100; i += 1) {
    const id = randomUUID();
    await handle.db.execute(
      `insert into users (id, email, password_hash, verified) values ('${id}', 'ledger-bench-${id}@example.com', 'x', true)`,
    );
    users.push(id);
    await handle.db.transaction((tx) =>
      move(tx, {
        id: `bench-seed-${id}`,
        kind: 'bench',
        from: { kind: 'clearing_payments', ref: 'bench' },
        to: { kind: 'user_balance', userId: id },
        amount: 1_000_000,
      }),
    );
  }
  // Every statement the app's pool sends goes through Client.prototype.query: count them while measuring.
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(...args) {
    statements += 1;
    return query.apply(this, args);
  };
  const functionCalls = async () => {
    const { rows } = await stats.query(
      'select funcname, calls::int from pg_stat_user_functions where schemaname = $1 order by funcname',
      ['public'],
    );
    return new Map(rows.map((r) => [r.funcname, r.calls]));
  };

  async function measure(seconds, { inTransaction = false } = {}) {
    // Statistics reach pg_stat_user_functions when a session's transaction ends; snapshot them between rounds.
    await stats.query('select pg_stat_clear_snapshot()');
    const callsBefore = await functionCalls();
    const statementsBefore = statements;
    let done = 0;
    let refused = 0;
    const deadline = Date.now() + seconds * 1000;
    const worker = async () => {
      while (Date.now() < deadline) {
        const from = users[Math.floor(Math.random() * users.length)];
        const to = users[Math.floor(Math.random() * users.length)];
        if (from === to) continue;
        const transfer = {
          id: `bench-${randomUUID()}`,
          kind: 'bench',
          from: { kind: 'user_balance', userId: from },
          to: { kind: 'user_balance', userId: to },
          amount: 1 + Math.floor(Math.random() * 500),
        };
        try {
          // A transfer alone is one statement, atomic by itself; inside a transaction it adds BEGIN and COMMIT.
          if (inTransaction) await handle.db.transaction((tx) => move(tx, transfer));
          else await move(handle.db, transfer);
          done += 1;
        } catch {
          refused += 1;
        }
      }
    };
    const started = Date.now();
    const cpuBefore = cpuSnapshot(process.pid, [database]);
    await Promise.all(Array.from({ length: concurrency }, worker));
    const perSecond = Math.round((done / (Date.now() - started)) * 1000);
    const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(process.pid, [database]), done);
    const sent = statements - statementsBefore;
    // Sessions report their function statistics at most every half second while busy; wait for the last report.
    await new Promise((r) => setTimeout(r, 1100));
    await stats.query('select pg_stat_clear_snapshot()');
    const callsAfter = await functionCalls();
    const perTransfer = [...callsAfter]
      .map(([name, calls]) => [name, (calls - (callsBefore.get(name) ?? 0)) / Math.max(done, 1)])
      .filter(([, calls]) => calls > 0)
      .map(([name, calls]) => `${name} ${calls.toFixed(1)}`);
    return {
      perSecond,
      cpu,
      done,
      refused,
      statementsPerTransfer: (sent / Math.max(done + refused, 1)).toFixed(1),
      functionsPerTransfer: perTransfer.join(', ') || 'none',
    };
  }

  async function close() {
    pg.Client.prototype.query = query;
    await stats.end();
    await handle.close();
  }
  return { measure, close };
}
