// The job engine under a stream of work: batches of mail jobs (each one sealed mail for the dev outbox, written by
// a worker as one row) enqueued the way the app enqueues, with the NOTIFY that wakes the workers, while the server's
// own workers take them. Reports jobs per second from the first enqueue to the last completion, and the time from
// enqueue to start (p50, p99) as the engine recorded it.

import pg from 'pg';
import PgBoss from 'pg-boss';
import { createSealedBox } from '../../apps/api/dist/lib/sealed-box.js';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * `batches` of `batchSize` jobs, `gapMs` apart. A burst (big batches, more than the workers take per second) measures
 * throughput and the wait a backlog causes; a paced stream (small batches) the time to start when workers are free.
 */
export async function jobThroughput({ dbUrl, sessionSecret, batches = 20, batchSize = 250, gapMs = 100 }) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const boss = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) }, schema: 'pgboss' });
  const box = createSealedBox([sessionSecret], 'queued-job-payloads');
  const run = `bench-${Date.now()}`;
  const total = batches * batchSize;
  const started = Date.now();
  for (let batch = 0; batch < batches; batch += 1) {
    const jobs = Array.from({ length: batchSize }, (_, i) => {
      const mail = {
        to: `${run}-${batch}-${i}@bench.test`,
        kind: 'verification',
        subject: 'Benchmark',
        text: 'A mail the job engine benchmark queued.',
        html: '<p>A mail the job engine benchmark queued.</p>',
      };
      return { name: 'mail', data: { sealed: box.seal(JSON.stringify(mail)) } };
    });
    await boss.insert(jobs);
    await pool.query("select pg_notify('coincard_jobs', 'mail')");
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  for (let i = 0; i < 1200; i += 1) {
    const { rows } = await pool.query('select count(*)::int as n from mail_outbox where "to" like $1', [`${run}-%`]);
    if (rows[0].n >= total) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  const { rows } = await pool.query(
    `select extract(epoch from (started_on - created_on)) * 1000 as wait_ms from pgboss.job
     where name = 'mail' and started_on is not null and data->>'sealed' is not null and created_on >= to_timestamp($1)
     union all
     select extract(epoch from (started_on - created_on)) * 1000 from pgboss.archive
     where name = 'mail' and started_on is not null and created_on >= to_timestamp($1)`,
    [started / 1000],
  );
  const waits = rows.map((row) => Number(row.wait_ms)).sort((a, b) => a - b);
  const { rows: done } = await pool.query('select count(*)::int as n from mail_outbox where "to" like $1', [
    `${run}-%`,
  ]);
  await pool.end();
  return {
    total,
    delivered: done[0].n,
    perSecond: Math.round(done[0].n / seconds),
    p50: Math.round(percentile(waits, 50) ?? 0),
    p99: Math.round(percentile(waits, 99) ?? 0),
  };
}
