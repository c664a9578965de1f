import { SpanStatusCode, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { executeRows } from '../db/client.js';
import type { Notifications } from '../db/notifications.js';
import type { Deps } from '../deps.js';
import { JOBS_CHANNEL } from './job-queue.js';
import { JOB_SCHEMA, QUEUE_NAMES, QUEUE_POLICIES, type QueueName, type QueuePayloads } from './queues.js';

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

/** What the engine tells the metrics (jobs/job-metrics.ts). */
export type JobObserver = {
  started: (queue: QueueName, waitedMs: number) => void;
  finished: (queue: QueueName, ms: number, outcome: 'completed' | 'failed' | 'dead') => void;
};

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
  const workerIds = new Map<QueueName, string[]>();
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
          const outcome = context.isLastAttempt ? 'dead' : 'failed';
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

  /** The jobs of one fetch side by side, each failed on its own; the engine completes the rest. */
  async function runBatch(queue: QueueName, jobs: FetchedJob[]): Promise<void> {
    const outcomes = await Promise.allSettled(jobs.map((job) => runOne(queue, job)));
    await Promise.all(
      outcomes.map((outcome, index) => {
        const job = jobs[index];
        if (outcome.status === 'fulfilled' || !job) return undefined;
        return boss.fail(queue, job.id, failureOutput(outcome.reason));
      }),
    );
  }

  async function startWorkers() {
    for (const queue of QUEUE_NAMES) {
      const policy = QUEUE_POLICIES[queue];
      const ids: string[] = [];
      for (let i = 0; i < policy.workers; i += 1) {
        ids.push(
          await boss.work(queue, { batchSize: policy.batchSize, includeMetadata: true }, (jobs) =>
            runBatch(queue, jobs as FetchedJob[]),
          ),
        );
      }
      workerIds.set(queue, ids);
    }
  }

  function wake(queue: string) {
    for (const id of workerIds.get(queue as QueueName) ?? []) boss.notifyWorker(id);
  }

  async function queuesWithWork(includeWaiting: boolean): Promise<QueueName[]> {
    const due = includeWaiting ? '' : 'and start_after < now()';
    const rows = await executeRows<{ name: string }>(
      deps.db,
      sql.raw(`select distinct name from ${JOB_SCHEMA}.job where state < 'active' ${due}`),
    );
    return rows.map((row) => row.name).filter((name): name is QueueName => name in QUEUE_POLICIES);
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
      await boss.complete(
        queue,
        jobs.map((job) => job.id),
      );
    }
    return ran;
  }

  return {
    async start() {
      await boss.start();
      await startWorkers();
      await options.notifications.listen(JOBS_CHANNEL, wake);
      running = true;
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000, close: false });
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

/** What a dead letter keeps of its last failure: the message, never a stack with values in it. */
function failureOutput(reason: unknown): { message: string } {
  return { message: reason instanceof Error ? reason.message : String(reason) };
}
