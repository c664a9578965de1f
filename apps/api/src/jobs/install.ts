import PgBoss from 'pg-boss';
import type { SqlClient } from '../db/sql-client.js';
import { JOB_SCHEMA, QUEUE_POLICIES, type QueueName } from './queues.js';
import { SCHEDULES } from './schedules.js';

/** pg-boss's own queue for cron firings; created here so the app role never needs to create tables. */
const CRON_QUEUE = '__pgboss__send-it';

/**
 * Installs or upgrades the engine's schema, creates every queue (each is a table partition) and writes the
 * schedules. Runs with the migrations, as the owner role when there is one, under the engine's own advisory lock,
 * so instances starting together do it once. Queue settings are written on every start, so a release that changes
 * a retry policy takes effect.
 */
export async function installJobEngine(
  owner: SqlClient,
  appRole?: string,
  options: { expireCapSeconds?: number } = {},
): Promise<void> {
  const boss = new PgBoss({ db: owner, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    await boss.createQueue(CRON_QUEUE);
    for (const [name, policy] of Object.entries(QUEUE_POLICIES) as [QueueName, (typeof QUEUE_POLICIES)[QueueName]][]) {
      const settings = {
        name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelay,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: Math.min(policy.expireInSeconds, options.expireCapSeconds ?? policy.expireInSeconds),
      };
      await boss.createQueue(name, settings);
      await boss.updateQueue(name, settings);
    }
    for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    // Sweeps ask whether an item already has a job by its key (jobs/sweep.ts); every queue's partition inherits it.
    await owner.executeSql(
      `create index if not exists coincard_job_item_key on ${JOB_SCHEMA}.job (name, singleton_key) where singleton_key is not null`,
    );
    if (appRole) await grantJobSchema(owner, appRole);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** The app role works the queues (reads and writes their rows) but cannot change the engine's schema. */
async function grantJobSchema(owner: SqlClient, appRole: string): Promise<void> {
  const role = `"${appRole.replaceAll('"', '""')}"`;
  await owner.executeSql(`grant usage on schema ${JOB_SCHEMA} to ${role}`);
  await owner.executeSql(`grant select, insert, update, delete on all tables in schema ${JOB_SCHEMA} to ${role}`);
  await owner.executeSql(`grant execute on all functions in schema ${JOB_SCHEMA} to ${role}`);
}
