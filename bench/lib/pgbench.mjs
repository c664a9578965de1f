// PostgreSQL's own transaction ceiling: pgbench's built-in TPC-B-like script (three updates, one select, one insert
// per transaction) on a database of its own beside the bench's, at the ledger bench's concurrency. Scale equals the
// client count, so pgbench's clients mostly update different branch rows, as the ledger bench's transfers mostly
// touch different accounts (scale 1 would make every transaction wait on one branch row and flatter the ledger).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

function connectionArgs(url) {
  const parsed = new URL(url);
  return ['-h', parsed.hostname, '-p', parsed.port || '5432', '-U', decodeURIComponent(parsed.username || 'postgres')];
}

/** Creates and fills pgbench's database; answers a function that runs it for some seconds and its clean-up. */
export async function preparePgbench({ baseUrl, clients }) {
  const name = `coincard_pgbench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const args = connectionArgs(baseUrl);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(new URL(baseUrl).password || '') };
  await run('pgbench', [...args, '-i', '-q', '-s', String(clients), name], { env });
  return {
    async measure(seconds) {
      const { stdout } = await run(
        'pgbench',
        [...args, '-c', String(clients), '-j', '2', '-T', String(seconds), name],
        {
          env,
        },
      );
      const tps = stdout.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
      if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
      // No CPU per transaction: pgbench's backends end with the run, taking their CPU counters with them.
      return { tps: Math.round(Number(tps)) };
    },
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
