import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/client.js';
import { createNotifications } from '../db/notifications.js';
import { waitUntil } from '../test/money-burst.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createJobEngine, type JobEngine } from './engine.js';
import { JOB_HANDLERS } from './handlers.js';

/**
 * The engine's real workers take jobs in batches (ten mails at a time). Each job of a batch is its own: a slow one
 * that outlasts its run time must not fail, and so run again, the jobs that finished beside it.
 */
let t: TestApp;
let engine: JobEngine;
const logLines: string[] = [];
const runs = new Map<string, number>();
let release: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp({ logLines });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  engine = createJobEngine(
    t.deps,
    {
      ...JOB_HANDLERS,
      mail: async (_deps, data) => {
        runs.set(data.sealed, (runs.get(data.sealed) ?? 0) + 1);
        if (data.sealed === 'slow') await gate;
      },
    },
    { notifications: createNotifications(t.deps.db, t.deps.logger), stopTimeoutMs: 1000 },
  );
});

afterAll(async () => {
  release();
  await engine?.stop();
  await t?.close();
});

const stateOf = async (sealed: string) =>
  (
    await executeRows<{ state: string }>(
      t.deps.db,
      sql`select state from pgboss.job where name = 'mail' and data->>'sealed' = ${sealed}`,
    )
  )[0]?.state;

describe('a batch with one slow job', () => {
  it('completes the jobs that finished, once each, whatever the slow one does', async () => {
    await t.deps.db.transaction(async (tx) => {
      for (const sealed of ['slow', 'quick-1', 'quick-2']) await t.deps.jobs.enqueue(tx, 'mail', { sealed });
    });
    // A run time of one second, so the slow job outlasts it.
    await executeRows(t.deps.db, sql`update pgboss.job set expire_in = interval '1 second' where name = 'mail'`);
    await engine.start();
    await waitUntil('the batch to run', async () => runs.get('quick-1') === 1 && runs.get('quick-2') === 1);
    await waitUntil(
      'the slow job to outlast its run time',
      async () =>
        logLines.some((line) => line.includes('ran past its run time')) || (await stateOf('quick-1')) === 'retry',
      10_000,
    );

    expect(await stateOf('quick-1')).toBe('completed');
    expect(await stateOf('quick-2')).toBe('completed');
    release();
    await engine.drain({ waitsOver: true });
    expect(runs.get('quick-1')).toBe(1);
    expect(runs.get('quick-2')).toBe(1);
  });
});
