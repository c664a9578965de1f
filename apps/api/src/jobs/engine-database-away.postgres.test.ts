import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, openDatabase } from '../db/client.js';
import { createNotifications } from '../db/notifications.js';
import { waitUntil } from '../test/money-burst.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { openTestDatabase } from '../test/test-database.js';
import { createJobEngine, type JobEngine } from './engine.js';
import { JOB_HANDLERS } from './handlers.js';
import { installJobEngine } from './install.js';

/**
 * The engine's real workers while the database goes away between a job's start and its end: the job's outcome cannot
 * be written then. That must cost a retry, never the process (an unhandled rejection ends a Node.js process).
 */
let proxy: TcpProxy;
let t: TestApp;
let engine: JobEngine;
const logLines: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

let release: () => void = () => undefined;
let started = 0;
let runs = 0;

beforeAll(async () => {
  const direct = await openTestDatabase();
  const url = new URL(direct.url ?? '');
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  t = await createTestApp({
    logLines,
    async database() {
      const proxied = await openDatabase({
        url: url.toString(),
        poolSize: 5,
        connectTimeoutMs: 500,
        afterMigrations: installJobEngine,
      });
      return {
        ...proxied,
        async close() {
          await proxied.close();
          await direct.close();
        },
      };
    },
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  engine = createJobEngine(
    t.deps,
    {
      ...JOB_HANDLERS,
      // A mail job that is under way when the database goes away, and ends after it has gone.
      mail: async () => {
        runs += 1;
        started += 1;
        if (runs === 1) await gate;
      },
    },
    { notifications: createNotifications(t.deps.db, t.deps.logger), stopTimeoutMs: 2000 },
  );
  process.on('unhandledRejection', onUnhandled);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await proxy?.restore();
  await engine?.stop();
  await t?.close();
  await proxy?.close();
});

describe('a job that ends while the database is away', () => {
  it('leaves no unhandled rejection behind (the process stays up) and the job is not lost', async () => {
    await engine.start();
    await t.deps.jobs.enqueue(t.deps.db, 'mail', { sealed: t.deps.jobBox.seal('{}') });
    await waitUntil('the mail job to start', async () => started === 1);

    await proxy.refuse();
    release();
    // The worker now writes the job's end through a pool whose database refuses every connection.
    await waitUntil(
      "the worker to try to write the job's end",
      async () => unhandled.length > 0 || logLines.some((line) => line.includes('could not be recorded')),
      10_000,
    );
    expect(unhandled).toEqual([]);

    await proxy.restore();
    // Its end was never written, so it is still active: once its run time has passed, the engine runs it again.
    await executeRows(
      t.deps.db,
      sql`update pgboss.job set started_on = now() - interval '1 hour' where name = 'mail' and state = 'active'`,
    );
    await t.deps.jobs.boss.maintain();
    await engine.drain({ waitsOver: true });
    const [job] = await executeRows<{ state: string }>(
      t.deps.db,
      sql`select state from pgboss.job where name = 'mail'`,
    );
    expect(job?.state).toBe('completed');
    expect(runs).toBe(2);
  });
});
