import type { QueueStats } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../db/client.js';
import { JOB_SCHEMA, QUEUE_NAMES } from './queues.js';

/**
 * Every queue's backlog in one grouped read of the engine's live table: the admin console's overview and the
 * metrics' gauges. Queues without any job are answered with zeros, so a quiet queue is seen as quiet, not missing.
 */
export async function readQueueStats(db: Executor): Promise<QueueStats[]> {
  const rows = await executeRows<{
    queue: string;
    waiting: number | string;
    running: number | string;
    dead: number | string;
    oldest: number | string | null;
  }>(
    db,
    sql`select name as queue,
      count(*) filter (where state in ('created', 'retry')) as waiting,
      count(*) filter (where state = 'active') as running,
      count(*) filter (where state = 'failed') as dead,
      extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))
        as oldest
    from ${sql.raw(JOB_SCHEMA)}.job group by name`,
  );
  const byQueue = new Map(rows.map((row) => [row.queue, row]));
  return QUEUE_NAMES.map((queue) => {
    const row = byQueue.get(queue);
    return {
      queue,
      waiting: Number(row?.waiting ?? 0),
      running: Number(row?.running ?? 0),
      deadLetters: Number(row?.dead ?? 0),
      oldestWaitingSeconds: row?.oldest == null ? null : Math.max(0, Math.round(Number(row.oldest))),
    };
  });
}
