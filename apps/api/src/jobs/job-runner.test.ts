import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { type DatabaseHandle, executeRows } from '../db/client.js';
import { buildDeps, type Deps } from '../deps.js';
import { createOutboxMailer } from '../providers/mail/outbox.js';
import { openTestDatabase, usingPostgres } from '../test/test-database.js';
import { createJobRunner, type JobDefinition } from './job-runner.js';

let database: DatabaseHandle;
let offsetMs = 0;
const logger = pino({ level: 'silent' });

/** Two app instances on one database: two sets of Deps, as two processes would have. */
function instance(): Deps {
  const config = parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-at-least-32-chars' });
  return buildDeps({
    config,
    db: database.db,
    mailer: createOutboxMailer({ db: database.db, logger }),
    logger,
    selfUrl: () => 'http://127.0.0.1:1',
    now: () => new Date(Date.now() + offsetMs),
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const jobRow = async (name: string) =>
  (
    await executeRows<{ requested_at: string | null; last_error: string | null }>(
      database.db,
      sql`select requested_at, last_error from jobs where name = ${name}`,
    )
  )[0];

const leaseOf = async (name: string) =>
  (
    await executeRows<{ locked_by: string | null }>(database.db, sql`select locked_by from jobs where name = ${name}`)
  )[0];

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

function countingJob(name: string, intervalMs: number) {
  const runs: string[] = [];
  const job = (who: string): JobDefinition => ({
    name,
    intervalMs,
    async run() {
      runs.push(who);
      // Long enough that the other instance tries to claim it while this run holds the lease.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  });
  return { runs, job };
}

describe('job runner', () => {
  it(`runs a due job on exactly one of two instances at once${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const { runs, job } = countingJob('two-workers', 60_000);
    const first = createJobRunner(instance(), [job('first')], { pollMs: 3_600_000, instanceId: 'first' });
    const second = createJobRunner(instance(), [job('second')], { pollMs: 3_600_000, instanceId: 'second' });
    await Promise.all([first.register(), second.register()]);
    await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
    expect(runs).toHaveLength(1);
    // Not due again until its interval has passed, on either instance.
    expect([...(await first.runDue()), ...(await second.runDue())]).toEqual([]);
    offsetMs += 61_000;
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toHaveLength(2);
  });

  it('lets another instance run a job whose instance died mid-run, once its lease lapses (half a minute)', async () => {
    let release = () => {};
    const hanging: JobDefinition = {
      name: 'dies-mid-run',
      intervalMs: 3_600_000,
      // The run never ends on its own: its process is as good as killed while it holds the lease.
      run: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const survivorRuns: string[] = [];
    const dying = createJobRunner(instance(), [hanging], { pollMs: 3_600_000, instanceId: 'dying' });
    const survivor = createJobRunner(
      instance(),
      [{ ...hanging, run: async () => void survivorRuns.push('survivor') }],
      { pollMs: 3_600_000, instanceId: 'survivor' },
    );
    await dying.register();
    const dyingRun = dying.runDue();
    await waitFor(async () => (await leaseOf('dies-mid-run'))?.locked_by === 'dying');
    expect(await survivor.runDue()).toEqual([]);
    offsetMs += 31_000;
    expect(await survivor.runDue()).toEqual(['dies-mid-run']);
    expect(survivorRuns).toEqual(['survivor']);
    release();
    await dyingRun;
  });

  it('keeps the lease of a run that lasts longer than the lease, so no other instance starts it meanwhile', async () => {
    const runs: string[] = [];
    const slow = (who: string): JobDefinition => ({
      name: 'slow-job',
      intervalMs: 3_600_000,
      async run() {
        runs.push(who);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      },
    });
    const first = createJobRunner(instance(), [slow('first')], { pollMs: 3_600_000, instanceId: 'a', leaseMs: 300 });
    const second = createJobRunner(instance(), [slow('second')], { pollMs: 3_600_000, instanceId: 'b', leaseMs: 300 });
    await first.register();
    const running = first.runDue();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await second.runDue()).toEqual([]);
    expect(await running).toEqual(['slow-job']);
    expect(runs).toEqual(['first']);
  });

  it('runs a job that somebody asked for before its interval is up', async () => {
    const { runs, job } = countingJob('create-cardholders', 3_600_000);
    const deps = instance();
    const runner = createJobRunner(deps, [job('only')], { pollMs: 3_600_000 });
    await runner.register();
    expect(await runner.runDue()).toEqual(['create-cardholders']);
    expect(runs).toHaveLength(1);
    expect(await runner.runDue()).toEqual([]);
    deps.jobs.request('create-cardholders');
    await waitFor(async () => (await jobRow('create-cardholders'))?.requested_at != null);
    expect(await runner.runDue()).toEqual(['create-cardholders']);
    expect(runs).toHaveLength(2);
    expect((await jobRow('create-cardholders'))?.requested_at).toBeNull();
  });

  it('runs a job again when it was asked for while it ran, instead of leaving it leased', async () => {
    const deps = instance();
    let runs = 0;
    const selfRequesting: JobDefinition = {
      name: 'settle-card-operations',
      intervalMs: 3_600_000,
      async run() {
        runs += 1;
        if (runs === 1) {
          await executeRows(
            database.db,
            sql`update jobs set requested_at = now() where name = 'settle-card-operations'`,
          );
        }
      },
    };
    const other: JobDefinition = { name: 'other-job', intervalMs: 3_600_000, run: async () => undefined };
    const runner = createJobRunner(deps, [selfRequesting, other], { pollMs: 3_600_000 });
    await runner.register();
    expect((await runner.runDue()).sort()).toEqual(['other-job', 'settle-card-operations']);
    expect(await runner.runDue()).toEqual(['settle-card-operations']);
    expect(runs).toBe(2);
  });

  it('records a failure and tries again at the next interval', async () => {
    let attempts = 0;
    const failing: JobDefinition = {
      name: 'failing',
      intervalMs: 1000,
      async run() {
        attempts += 1;
        if (attempts === 1) throw new Error('issuer unreachable');
      },
    };
    const runner = createJobRunner(instance(), [failing], { pollMs: 3_600_000 });
    // start() runs what is due at once, in the background; stop() waits for that run to end.
    await runner.start();
    await runner.stop();
    expect(attempts).toBe(1);
    expect((await jobRow('failing'))?.last_error).toBe('issuer unreachable');
    offsetMs += 1500;
    expect(await runner.runDue()).toEqual(['failing']);
    expect(attempts).toBe(2);
  });
});
