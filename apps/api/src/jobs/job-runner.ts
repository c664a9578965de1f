import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client.js';
import type { Deps } from '../deps.js';

export type JobDefinition = {
  name: string;
  intervalMs: number;
  run: (deps: Deps) => Promise<unknown>;
};

/**
 * A lease not renewed for this long is presumed dead (its instance crashed) and the job may run elsewhere. The
 * instance running the job renews it every third of that, however long the run takes, so a killed instance holds a
 * job back for at most this long instead of for the length of the longest run. Jobs lease their own work rows, so
 * a run that outlives a lease (a stalled process) still never handles the same row twice.
 */
const LEASE_MS = 30_000;

export type JobRunner = {
  /** Makes sure each job has its lease row (a new job is due at once). */
  register: () => Promise<void>;
  /** Registers, then runs due jobs now, every poll, and whenever a job is asked for. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Runs every job that is due or was asked for, here and now; answers the names that ran. */
  runDue: () => Promise<string[]>;
};

/**
 * Runs the registered jobs in this process. Each job has a row in `jobs` that an instance leases before running it
 * (FOR UPDATE SKIP LOCKED), so with many instances on one PostgreSQL each job runs once per interval, and a job
 * somebody asked for (`deps.jobs.request`) runs at once on whichever instance gets to it first.
 */
export function createJobRunner(
  deps: Deps,
  definitions: readonly JobDefinition[],
  options: { pollMs: number; instanceId?: string; leaseMs?: number },
): JobRunner {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const names = definitions.map((job) => job.name);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let wakeAgain = false;
  let stopped = false;

  async function claim(exclude: readonly string[]): Promise<JobDefinition | null> {
    const now = deps.now();
    const candidates = names.filter((name) => !exclude.includes(name));
    if (candidates.length === 0) return null;
    const rows = await executeRows<{ name: string }>(
      deps.db,
      sql`
        update jobs set locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}, locked_by = ${instanceId},
          last_started_at = ${now.toISOString()}, requested_at = null, runs = runs + 1
        where name = (
          select name from jobs
          where name in (${sql.join(
            candidates.map((name) => sql`${name}`),
            sql`, `,
          )})
            and (next_run_at <= ${now.toISOString()} or requested_at is not null)
            and (locked_until is null or locked_until <= ${now.toISOString()})
          order by coalesce(requested_at, next_run_at)
          limit 1
          for update skip locked
        )
        returning name`,
    );
    const name = rows[0]?.name;
    return definitions.find((job) => job.name === name) ?? null;
  }

  async function finish(job: JobDefinition, error: unknown) {
    const now = deps.now();
    await executeRows(
      deps.db,
      sql`
        update jobs set locked_until = null, locked_by = null, last_finished_at = ${now.toISOString()},
          next_run_at = ${new Date(now.getTime() + job.intervalMs).toISOString()},
          last_error = ${error === null ? null : error instanceof Error ? error.message : String(error)}
        where name = ${job.name} and locked_by = ${instanceId}`,
    );
  }

  /** Keeps this instance's lease on a job it is still running. */
  async function renew(name: string) {
    await executeRows(
      deps.db,
      sql`update jobs set locked_until = ${new Date(deps.now().getTime() + leaseMs).toISOString()}
          where name = ${name} and locked_by = ${instanceId}`,
    ).catch((error: unknown) => deps.logger.warn({ err: error, job: name }, 'could not renew a job lease'));
  }

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    // Each job at most once per call, so a job that keeps asking for itself cannot starve the others; one asked
    // for again meanwhile keeps its request for the next call.
    while (ran.length < definitions.length) {
      const job = await claim(ran);
      if (!job) break;
      ran.push(job.name);
      let failure: unknown = null;
      const heartbeat = setInterval(() => void renew(job.name), leaseMs / 3);
      heartbeat.unref();
      try {
        await job.run(deps);
      } catch (error) {
        failure = error;
        deps.logger.error({ err: error, job: job.name }, 'job failed; it runs again at its next interval');
      } finally {
        clearInterval(heartbeat);
      }
      await finish(job, failure);
    }
    return ran;
  }

  function poll() {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = runDue()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'job runner could not reach the database'))
      .finally(() => {
        running = null;
        if (wakeAgain) {
          wakeAgain = false;
          poll();
        }
      });
  }

  async function register() {
    const now = deps.now().toISOString();
    await executeRows(
      deps.db,
      sql`insert into jobs (name, next_run_at) values ${sql.join(
        names.map((name) => sql`(${name}, ${now})`),
        sql`, `,
      )} on conflict (name) do nothing`,
    );
  }

  return {
    register,
    async start() {
      await register();
      deps.jobs.onRequest(poll);
      timer = setInterval(poll, options.pollMs);
      timer.unref();
      poll();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      deps.jobs.onRequest(null);
      await running;
    },
    runDue,
  };
}
