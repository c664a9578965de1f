import PgBoss from 'pg-boss';
import type { Executor } from '../db/client.js';
import { notify } from '../db/notifications.js';
import { type SqlClient, transactionSqlClient } from '../db/sql-client.js';
import { JOB_SCHEMA, type QueueName, type QueuePayloads } from './queues.js';

/** Announces new work to every instance at commit, so an idle worker starts it without waiting for its next poll. */
export const JOBS_CHANNEL = 'coincard_jobs';

export type EnqueueOptions = {
  /**
   * The item's own id (a card movement's, a top-up's): kept as the job's singleton key, so a sweep can tell that
   * the item already has a job (jobs/sweep.ts). It does not stop a second job for the item: handlers are idempotent.
   */
  key?: string;
  /** Not before this moment. */
  startAfter?: Date;
};

/**
 * How the app asks for background work: `enqueue(tx, queue, data)` writes the job in the caller's transaction (a
 * transactional outbox: the job exists exactly when the change that needs it was committed). Nothing is sent over
 * the network before the commit, so a crash can lose neither the change's follow-up nor make one without the change.
 */
export type JobQueue = {
  enqueue: <Q extends QueueName>(
    executor: Executor,
    queue: Q,
    data: QueuePayloads[Q],
    options?: EnqueueOptions,
  ) => Promise<void>;
  /** The engine itself (workers, schedules, maintenance), started by jobs/engine.ts. */
  boss: PgBoss;
};

/** How the engine runs on this instance (config.ts, JOBS_*; docs/operations.md). */
export type EngineSettings = {
  pollSeconds: number;
  maintenanceSeconds: number;
  /** Failed jobs (dead letters) stay listed for this long before they are archived. */
  deadLetterDays: number;
};

export function createJobQueue(client: SqlClient, settings: EngineSettings): JobQueue {
  const boss = new PgBoss({
    db: client,
    schema: JOB_SCHEMA,
    // The schema and queues are installed with the migrations, by the owner role (jobs/install.ts).
    migrate: false,
    pollingIntervalSeconds: settings.pollSeconds,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
    // Completed jobs leave the live table after a day and are deleted a week later; dead letters stay listed.
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: settings.deadLetterDays * 24 * 3600,
    deleteAfterDays: 7,
  });
  return {
    boss,
    async enqueue(executor, queue, data, options = {}) {
      await boss.send(queue, data, {
        db: transactionSqlClient(executor),
        startAfter: options.startAfter,
        singletonKey: options.key,
      });
      await notify(executor, JOBS_CHANNEL, queue);
    },
  };
}
