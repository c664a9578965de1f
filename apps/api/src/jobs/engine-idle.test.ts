import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/client.js';
import { createNotifications } from '../db/notifications.js';
import { waitUntil } from '../test/money-burst.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createJobEngine, type JobEngine } from './engine.js';
import { JOB_HANDLERS } from './handlers.js';

/**
 * An idle engine costs one query a poll, not a fetch per worker: idle workers wait to be woken, by a NOTIFY at commit
 * or by the scout finding work due, such as a retry whose back-off is over, which no NOTIFY announces.
 */
let t: TestApp;
let engine: JobEngine;
const runs: string[] = [];
/** Fetches that found nothing: before the scout, every idle worker made one each poll. */
let emptyFetches = 0;

beforeAll(async () => {
  t = await createTestApp({ configEnv: { JOBS_POLL_SECONDS: '0.5' } });
  const fetch = t.deps.jobs.boss.fetch.bind(t.deps.jobs.boss);
  t.deps.jobs.boss.fetch = (async (...args: Parameters<typeof fetch>) => {
    const jobs = await fetch(...args);
    if (!jobs || jobs.length === 0) emptyFetches += 1;
    return jobs;
  }) as typeof fetch;
  engine = createJobEngine(
    t.deps,
    {
      ...JOB_HANDLERS,
      mail: async (_deps, data) => {
        runs.push(data.sealed);
      },
    },
    { notifications: createNotifications(t.deps.db, t.deps.logger), stopTimeoutMs: 1000 },
  );
  await engine.start();
});

afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

describe('an idle job engine', () => {
  it('fetches nothing while nothing is due, then runs a job delayed on purpose once its time comes', async () => {
    // Whatever the start-up had due (the schedules' first runs) is done first. Schedules firing meanwhile add work
    // the scout finds and a worker takes: a fetch that finds something.
    await waitUntil('the start-up work to be done', async () => {
      const [row] = await executeRows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from pgboss.job where state < 'completed' and start_after < now()`,
      );
      return row?.n === 0;
    });
    const before = emptyFetches;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(emptyFetches - before).toBe(0);

    // Due in a second: the NOTIFY at its commit wakes a worker too early to take it, so only the scout starts it.
    const due = new Date(Date.now() + 1000);
    await t.deps.db.transaction(async (tx) =>
      t.deps.jobs.enqueue(tx, 'mail', { sealed: 'later' }, { startAfter: due }),
    );
    await waitUntil('the delayed job to run', async () => runs.includes('later'), 10_000);
    expect(runs.filter((sealed) => sealed === 'later')).toHaveLength(1);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  });
});
