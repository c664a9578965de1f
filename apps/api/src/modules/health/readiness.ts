import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { JOB_SCHEMA } from '../../jobs/queues.js';

/** What readiness checks: the database, and the job engine's schema in it. */
export type ReadinessChecks = { database: 'up' | 'down'; jobs: 'up' | 'down' };

/** A check that has not answered by then counts as down: a load balancer's probe must not hang on a dead database. */
const CHECK_TIMEOUT_MS = 2000;

async function answers(query: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([query().then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can do its work: the database answers, and the job engine's schema is there to enqueue into
 * (both cheap queries, run side by side).
 */
export async function checkReadiness(db: Database): Promise<ReadinessChecks> {
  const [database, jobs] = await Promise.all([
    answers(() => db.execute(sql`select 1`)),
    answers(() => db.execute(sql.raw(`select version from ${JOB_SCHEMA}.version limit 1`))),
  ]);
  return { database, jobs };
}
