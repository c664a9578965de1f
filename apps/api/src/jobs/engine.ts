import { SpanStatusCode, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { executeRows } from '../db/client.js';
import type { Notifications } from '../db/notifications.js';
import type { Deps } from '../deps.js';
import { withoutQueryParams } from '../lib/logger.js';
import type { JobObserver } from './job-observer.js';
import { JOBS_CHANNEL } from './job-queue.js';
import { JOB_SCHEMA, QUEUE_NAMES, QUEUE_POLICIES, type QueueName, type QueuePayloads } from './queues.js';

/**
 * Thrown by a handler when trying again cannot help (the mail server refused the recipient for good): the job becomes
 * a dead letter at once, for a person to see, instead of using up its retries against the other side.
 */
export class FailedForGood extends Error {}

/** What a handler knows of the job it runs. */
export type JobContext = {
  id: string;
  queue: QueueName;
  /** 1 for the first run. */
  attempt: number;
  /** No retry follows if this run fails: the job becomes a dead letter. */
  isLastAttempt: boolean;
};

export type JobHandler<Q extends QueueName> = (deps: Deps, data: QueuePayloads[Q], job: JobContext) => Promise<void>;
export type JobHandlers = { [Q in QueueName]: JobHandler<Q> };

type FetchedJob = PgBoss.JobWithMetadata<unknown>;

const tracer = trace.getTracer('coincard-jobs');

export type JobEngine = {
  /** Workers on every queue, the cron schedules, the engine's maintenance, and wake-ups from other instances. */
  start: () => Promise<void>;
  /** Stops taking work and waits (up to the timeout) for what is running; unfinished jobs are retried elsewhere. */
  stop: () => Promise<void>;
  /**
   * Runs every job that is due, here and now, until none is left (tests and the demo seed use it). `waitsOver`
   * first runs, once, the jobs waiting for a later time too (a retry's back-off, a delayed look): a test's way of
   * saying the wait has passed.
   */
  drain: (options?: { waitsOver?: boolean }) => Promise<number>;
  isRunning: () => boolean;
};

export function createJobEngine(
  deps: Deps,
  handlers: JobHandlers,
  options: { notifications: Notifications; observer?: JobObserver; stopTimeoutMs?: number },
): JobEngine {
  const { boss } = deps.jobs;
  let running = false;
  boss.on('error', (error: unknown) => deps.logger.warn({ err: error }, 'job engine error'));

  /** Runs one job; a rejection is the job's failure (retried by the engine, or a dead letter on its last try). */
  async function runOne(queue: QueueName, job: FetchedJob): Promise<void> {
    const startedAt = Date.now();
    const dueAt = Math.max(new Date(job.createdOn).getTime(), new Date(job.startAfter).getTime());
    options.observer?.started(queue, Math.max(0, startedAt - dueAt));
    const context: JobContext = {
      id: job.id,
      queue,
      attempt: job.retryCount + 1,
      isLastAttempt: job.retryCount >= job.retryLimit,
    };
    const handler = handlers[queue] as JobHandler<QueueName>;
    // One span per run (a no-op unless tracing is on), so the run's queries and provider calls share a trace.
    await tracer.startActiveSpan(
      `job ${queue}`,
      { attributes: { 'job.queue': queue, 'job.id': job.id, 'job.attempt': context.attempt } },
      async (span) => {
        try {
          await handler(deps, job.data as QueuePayloads[QueueName], context);
          options.observer?.finished(queue, Date.now() - startedAt, 'completed');
        } catch (error) {
          const outcome = context.isLastAttempt || error instanceof FailedForGood ? 'dead' : 'failed';
          options.observer?.finished(queue, Date.now() - startedAt, outcome);
          span.setStatus({ code: SpanStatusCode.ERROR });
          const log = { err: error, queue, jobId: job.id, attempt: context.attempt };
          if (outcome === 'dead') deps.logger.error(log, 'a job failed for the last time; it is now a dead letter');
          else deps.logger.warn(log, 'a job failed; the engine retries it');
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  /**
   * Runs one job and records its end as soon as it is known, awaited: a database that is away then costs a retry
   * (the job stays active until its run time passes, and the engine's maintenance hands it out again), never an
   * unhandled rejection. A run that outlasts its run time is left to the engine, which has retried it by then: its
   * late end must not complete or fail the retry, so nothing is recorded for it.
   */
  async function runAndRecord(queue: QueueName, job: FetchedJob): Promise<void> {
    const run = runOne(queue, job).then(
      () => ({ ok: true as const }),
      (reason: unknown) => ({ ok: false as const, reason }),
    );
    let timer: NodeJS.Timeout | undefined;
    const overtime = new Promise<'overtime'>((resolve) => {
      timer = setTimeout(() => resolve('overtime'), Math.max(1, Number(job.expireInSeconds)) * 1000);
      timer.unref();
    });
    const ended = await Promise.race([run, overtime]);
    clearTimeout(timer);
    if (ended === 'overtime') {
      deps.logger.warn({ queue, jobId: job.id }, 'a job ran past its run time; the engine retries it');
      return;
    }
    try {
      if (ended.ok) await boss.complete(queue, job.id);
      else {
        if (ended.reason instanceof FailedForGood) {
          // No retries left: the engine's own fail then keeps it as failed (a dead letter).
          await executeRows(
            deps.db,
            sql`update ${sql.raw(JOB_SCHEMA)}.job set retry_limit = retry_count where id = ${job.id} and state = 'active'`,
          );
        }
        await boss.fail(queue, job.id, failureOutput(ended.reason));
      }
    } catch (error) {
      deps.logger.warn(
        { err: error, queue, jobId: job.id },
        "a job's end could not be recorded; the engine runs it again once its run time has passed",
      );
    }
  }

  /** The jobs of one fetch side by side, each ended on its own: a slow one never holds up or fails the others. */
  async function runBatch(queue: QueueName, jobs: FetchedJob[]): Promise<void> {
    await Promise.all(jobs.map((job) => runAndRecord(queue, job)));
  }

  type Worker = { wake: () => void; isIdle: () => boolean; done: Promise<void> };
  const workers = new Map<QueueName, Worker[]>();
  const pollMs = deps.config.JOBS_POLL_SECONDS * 1000;

  /**
   * One worker: waits to be woken (by a NOTIFY at commit, or by the scout below finding work due), fetches a batch
   * (pg-boss hands each job to one worker, FOR UPDATE SKIP LOCKED), runs it, and fetches again at once if the batch was
   * full or a wake-up came meanwhile. A fetch that took less than a full batch left nothing due behind it, so the
   * worker waits again: an idle worker never queries. pg-boss's own `work` is not used: it records a batch's end
   * without awaiting it (an unhandled rejection when the database is away, which ends the process) and, when one job
   * of a batch outlasts its run time, fails every job of the batch, the finished ones too, so they run twice.
   */
  function startWorker(queue: QueueName, batchSize: number): Worker {
    let woken = false;
    let stopWaiting: (() => void) | null = null;
    const wake = () => {
      woken = true;
      stopWaiting?.();
    };
    const isIdle = () => stopWaiting !== null;
    /** Until woken, or `ms` (null: no time limit). */
    const idle = (ms: number | null) =>
      new Promise<void>((resolve) => {
        if (woken || !running || ms === 0) return resolve();
        const timer = ms === null ? undefined : setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          stopWaiting = null;
          resolve();
        }
        stopWaiting = done;
      });
    const loop = async () => {
      let wait: number | null = null;
      for (;;) {
        await idle(wait);
        if (!running) return;
        woken = false;
        let jobs: FetchedJob[] = [];
        try {
          jobs = (await boss.fetch(queue, { batchSize, includeMetadata: true })) as FetchedJob[];
        } catch (error) {
          deps.logger.warn({ err: error, queue }, 'a worker could not fetch jobs; the scout wakes it again');
        }
        if (jobs.length > 0) await runBatch(queue, jobs);
        // pg-boss answers an empty batch when its fetch fails (the database away): the worker then waits like one that
        // found nothing, and the scout, which sees the work still due, wakes it on its next look.
        wait = jobs.length >= batchSize ? 0 : null;
      }
    };
    return { wake, isIdle, done: loop() };
  }

  /**
   * The scout: one query a poll finds the queues with work due (a retry whose back-off is over, a job delayed on
   * purpose, work whose wake-up this instance missed) and wakes one idle worker on each. Before it, each of the ~26
   * workers fetched on every poll, finding nothing almost always: a tenth of a core on the embedded database with
   * nobody using the app (docs/decisions/037-an-idle-job-engine.md).
   */
  let stopScoutWait: (() => void) | null = null;
  /** Each start's scout has its own number: one left over from a stop that timed out ends instead of running twice. */
  let scoutRun = 0;
  async function scout(run: number): Promise<void> {
    const current = () => running && run === scoutRun;
    while (current()) {
      try {
        for (const queue of await queuesWithWork(false)) wake(queue);
      } catch (error) {
        deps.logger.warn({ err: error }, 'the job scout could not look for due work; it looks again');
      }
      await new Promise<void>((resolve) => {
        // A stop that came during the query must not wait a whole poll.
        if (!current()) return resolve();
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          stopScoutWait = null;
          resolve();
        }
        stopScoutWait = done;
      });
    }
  }

  /**
   * The queues with a job due (with `includeWaiting`, waiting for a later time too): one index probe per queue
   * (pg-boss's index on name and start_after for jobs not yet active), so the look costs the same whatever the
   * backlog, a mail outage's hours of retries included.
   */
  async function queuesWithWork(includeWaiting: boolean): Promise<QueueName[]> {
    const rows = await executeRows<{ name: string }>(
      deps.db,
      sql`select q.name from unnest(${`{${QUEUE_NAMES.join(',')}}`}::text[]) as q(name)
          where exists (select 1 from ${sql.raw(JOB_SCHEMA)}.job j
                        where j.name = q.name and j.state < 'active' and (${includeWaiting} or j.start_after < now()))`,
    );
    return rows.map((row) => row.name as QueueName);
  }
  let scouting: Promise<void> = Promise.resolve();

  function startWorkers() {
    for (const queue of QUEUE_NAMES) {
      const policy = QUEUE_POLICIES[queue];
      workers.set(
        queue,
        Array.from({ length: policy.workers }, () => startWorker(queue, policy.batchSize)),
      );
    }
  }

  /**
   * A NOTIFY announces work on a queue: one idle worker fetches it (waking them all had every one fetch, all but one
   * finding nothing). With none idle, every worker is told, so each fetches again when its current batch ends.
   */
  function wake(queue: string) {
    const queueWorkers = workers.get(queue as QueueName) ?? [];
    const idle = queueWorkers.find((worker) => worker.isIdle());
    if (idle) idle.wake();
    else for (const worker of queueWorkers) worker.wake();
  }

  /** One fetch of each queue with work, run here; answers how many jobs ran. */
  async function runFetched(includeWaiting: boolean): Promise<number> {
    let ran = 0;
    for (const queue of await queuesWithWork(includeWaiting)) {
      const jobs = (await boss.fetch(queue, {
        batchSize: 50,
        includeMetadata: true,
        ignoreStartAfter: includeWaiting,
      })) as FetchedJob[];
      if (jobs.length === 0) continue;
      ran += jobs.length;
      await runBatch(queue, jobs);
    }
    return ran;
  }

  return {
    async start() {
      await boss.start();
      running = true;
      startWorkers();
      await options.notifications.listen(JOBS_CHANNEL, wake);
      scoutRun += 1;
      scouting = scout(scoutRun);
    },
    async stop() {
      running = false;
      stopScoutWait?.();
      for (const queueWorkers of workers.values()) for (const worker of queueWorkers) worker.wake();
      // Jobs still running at the deadline stay active until their run time passes; then another instance runs them.
      const finished = Promise.all([scouting, ...[...workers.values()].flat().map((worker) => worker.done)]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        finished,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, options.stopTimeoutMs ?? 10_000);
        }),
      ]);
      clearTimeout(timer);
      workers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 1000, close: false });
    },
    async drain(drainOptions = {}) {
      let total = drainOptions.waitsOver ? await runFetched(true) : 0;
      for (let round = 0; round < 1000; round += 1) {
        const ran = await runFetched(false);
        if (ran === 0) return total;
        total += ran;
      }
      throw new Error('jobs kept enqueueing jobs: the drain gave up after 1000 rounds');
    },
    isRunning: () => running,
  };
}

/**
 * What a failed run keeps (a dead letter shows it to admins): the message, never a stack with values in it, and a
 * failed query's statement without its parameters, as in the log (lib/logger.ts).
 */
function failureOutput(reason: unknown): { message: string } {
  return { message: withoutQueryParams(reason instanceof Error ? reason.message : String(reason)) };
}
