import type { DeadLetter, DeadLettersPage, DeadLettersQuery, JobsOverview } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import { notify } from '../../db/notifications.js';
import type { UserRow } from '../../db/schema/index.js';
import { transactionSqlClient } from '../../db/sql-client.js';
import type { Deps, RequestContext } from '../../deps.js';
import { JOBS_CHANNEL } from '../../jobs/job-queue.js';
import { readQueueStats } from '../../jobs/queue-stats.js';
import { JOB_SCHEMA, QUEUE_NAMES, type QueueName } from '../../jobs/queues.js';
import { notFound } from '../../lib/app-error.js';
import { pageMeta, pageOffset } from '../../lib/pagination.js';
import { audit } from '../audit/audit.js';

type FailedRow = {
  id: string;
  name: string;
  singleton_key: string | null;
  retry_count: number | string;
  output: unknown;
  created_on: Date | string;
  completed_on: Date | string | null;
  total: number | string;
};

const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The failure the engine kept: ours is `{ message }`, a run that timed out is `{ value: { message } }`. */
function messageOf(output: unknown): string | null {
  const found = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = found?.message ?? found?.value?.message;
  return typeof message === 'string' ? message.slice(0, 500) : null;
}

function toDeadLetter(row: FailedRow): DeadLetter {
  return {
    _id: row.id,
    queue: row.name,
    item: row.singleton_key,
    attempts: Number(row.retry_count) + 1,
    error: messageOf(row.output),
    createdAt: isoOf(row.created_on),
    failedAt: row.completed_on === null ? null : isoOf(row.completed_on),
  };
}

export async function jobsOverview(deps: Deps): Promise<JobsOverview> {
  return { queues: await readQueueStats(deps.db) };
}

/** Jobs that failed for good, newest failure first; their payloads stay out of the answer. */
export async function listDeadLetters(deps: Deps, query: DeadLettersQuery): Promise<DeadLettersPage> {
  const queue = query.queue && (QUEUE_NAMES as string[]).includes(query.queue) ? query.queue : null;
  if (query.queue && !queue) return { deadLetters: [], meta: pageMeta(query, 0) };
  const rows = await executeRows<FailedRow>(
    deps.db,
    sql`select id, name, singleton_key, retry_count, output, created_on, completed_on, count(*) over () as total
      from ${sql.raw(JOB_SCHEMA)}.job
      where state = 'failed' ${queue ? sql`and name = ${queue}` : sql``}
      order by completed_on desc nulls last, id
      limit ${query.pageSize} offset ${pageOffset(query)}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await executeRows<{ n: number | string }>(
      deps.db,
      sql`select count(*) as n from ${sql.raw(JOB_SCHEMA)}.job
        where state = 'failed' ${queue ? sql`and name = ${queue}` : sql``}`,
    );
    total = Number(counted?.n ?? 0);
  }
  return { deadLetters: rows.map(toDeadLetter), meta: pageMeta(query, total) };
}

/**
 * Sends a dead letter back to its queue: the engine runs it again (once more, with its retries' back-off from
 * there), and the handler picks up the item as it stands now. Audited.
 */
export async function retryDeadLetter(deps: Deps, admin: UserRow, jobId: string, ctx: RequestContext) {
  const [job] = await executeRows<{ name: string; singleton_key: string | null }>(
    deps.db,
    sql`select name, singleton_key from ${sql.raw(JOB_SCHEMA)}.job where id = ${jobId} and state = 'failed'`,
  );
  if (!job || !(QUEUE_NAMES as string[]).includes(job.name)) throw notFound('Dead letter');
  const queue = job.name as QueueName;
  await deps.db.transaction(async (tx) => {
    // pg-boss 10 answers { affected } here although its types say void.
    const result = (await deps.jobs.boss.retry(queue, jobId, { db: transactionSqlClient(tx) })) as unknown as {
      affected: number;
    };
    const affected = result.affected;
    // Retried by someone else meanwhile.
    if (affected === 0) throw notFound('Dead letter');
    // At once: the engine keeps the time its last try was due, which may lie ahead (a try run early).
    await tx.execute(sql`update ${sql.raw(JOB_SCHEMA)}.job set start_after = now() where id = ${jobId}`);
    await audit(tx, {
      action: 'admin.job_retried',
      actorId: admin.id,
      ip: ctx.ip,
      details: { queue, jobId, item: job.singleton_key },
    });
    await notify(tx, JOBS_CHANNEL, queue);
  });
  return { message: `The ${queue} job is queued again.` };
}
