import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client.js';
import type { Deps } from '../deps.js';
import { JOB_SCHEMA, type QueueName, type QueuePayloads } from './queues.js';

/** How many items one sweep hands to the queue at most; the next firing takes the rest. */
export const SWEEP_BATCH = 200;

/**
 * A sweep's second half: enqueue one job for each item that is due by the domain's own clock and has no job of its
 * own waiting, running or dead (a dead letter waits for a person, not for the sweep). Items are told apart by the
 * job's singleton key, which every per-item job carries (its row id).
 */
export async function enqueueMissing<Q extends QueueName>(
  deps: Deps,
  queue: Q,
  items: ReadonlyArray<{ key: string; data: QueuePayloads[Q] }>,
): Promise<number> {
  if (items.length === 0) return 0;
  // One sweep of a queue at a time (two firings overlapping, say), so the check and the enqueue are one step.
  const enqueued = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coincard-sweep:${queue}`}))`);
    const queued = await executeRows<{ key: string }>(
      tx,
      sql`select v.key from (values ${sql.join(
        items.map((item) => sql`(${item.key})`),
        sql`, `,
      )}) as v(key)
      where not exists (
        select 1 from ${sql.raw(JOB_SCHEMA)}.job j
        where j.name = ${queue} and j.singleton_key = v.key and j.state in ('created', 'retry', 'active', 'failed'))`,
    );
    const missing = new Set(queued.map((row) => row.key));
    let count = 0;
    for (const item of items) {
      if (!missing.has(item.key)) continue;
      await deps.jobs.enqueue(tx, queue, item.data, { key: item.key });
      count += 1;
    }
    return count;
  });
  if (enqueued > 0) deps.logger.info({ queue, enqueued }, 'a sweep found work without a job and queued it');
  return enqueued;
}
