import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type Database, executeRows } from '../db/client.js';
import type { JobObserver } from './engine.js';
import { JOB_SCHEMA, QUEUE_NAMES } from './queues.js';

/** Scrapes closer together than this (several scrapers, a dashboard refresh) share one read of the queues. */
const QUEUE_STATS_CACHE_MS = 2000;

/** From "due" to "started": a job taken at once waits milliseconds; one behind a backlog, minutes. */
const WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800];
const RUN_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

type QueueStats = { waiting: number; active: number; dead: number; oldestSeconds: number };

/**
 * Each queue's jobs by state, in one grouped query on the engine's table: waiting (created or retry), active, dead
 * letters (failed for good), and how long the oldest job that is due (start_after has passed) has waited.
 */
const STATS_QUERY = sql.raw(`
  select name,
    count(*) filter (where state in ('created', 'retry'))::int as waiting,
    count(*) filter (where state = 'active')::int as active,
    count(*) filter (where state = 'failed')::int as dead,
    coalesce(extract(epoch from now() - min(start_after) filter (
      where state in ('created', 'retry') and start_after <= now()
    )), 0)::float8 as oldest
  from ${JOB_SCHEMA}.job
  where state in ('created', 'retry', 'active', 'failed')
  group by name`);

/** Per-queue gauges read at scrape time (cached briefly); every known queue is reported, at 0 when empty. */
export function registerQueueMetrics(registry: Registry, db: Database): void {
  const readErrors = new Counter({
    name: 'coincard_job_queue_read_errors_total',
    help: 'Scrapes that could not read the job queues (the database was unreachable); the queue gauges are then absent.',
    registers: [registry],
  });
  let cached: { at: number; stats: Promise<Map<string, QueueStats> | null> } | null = null;

  async function read(): Promise<Map<string, QueueStats> | null> {
    try {
      const rows = await executeRows<{ name: string; waiting: number; active: number; dead: number; oldest: number }>(
        db,
        STATS_QUERY,
      );
      const stats = new Map<string, QueueStats>();
      for (const name of QUEUE_NAMES) stats.set(name, { waiting: 0, active: 0, dead: 0, oldestSeconds: 0 });
      // The engine's own internal queues (its cron's hand-off) are left out: only the app's queues are reported.
      for (const row of rows.filter((candidate) => stats.has(candidate.name))) {
        stats.set(row.name, {
          waiting: Number(row.waiting),
          active: Number(row.active),
          dead: Number(row.dead),
          oldestSeconds: Number(row.oldest),
        });
      }
      return stats;
    } catch {
      readErrors.inc();
      return null;
    }
  }

  function current(): Promise<Map<string, QueueStats> | null> {
    const now = Date.now();
    if (!cached || now - cached.at > QUEUE_STATS_CACHE_MS) cached = { at: now, stats: read() };
    return cached.stats;
  }

  const gauge = (name: string, help: string, pick: (stats: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const stats = await current();
        this.reset();
        for (const [queue, values] of stats ?? []) this.set({ queue }, pick(values));
      },
    });
  gauge(
    'coincard_job_queue_depth',
    'Jobs waiting to run (created, or waiting for a retry), by queue.',
    (s) => s.waiting,
  );
  gauge('coincard_job_queue_active', 'Jobs running now on some instance, by queue.', (s) => s.active);
  gauge(
    'coincard_job_dead_letters',
    'Jobs failed for good (dead letters, listed in the admin console until retried or pruned), by queue.',
    (s) => s.dead,
  );
  gauge(
    'coincard_job_oldest_waiting_seconds',
    'How long the oldest job that is due has waited to start, by queue (0 when none is waiting).',
    (s) => s.oldestSeconds,
  );
}

/** The engine's observer: counters and histograms of the jobs this instance runs. */
export function jobObserverMetrics(registry: Registry): JobObserver {
  const started = new Counter({
    name: 'coincard_jobs_started_total',
    help: 'Jobs this instance started, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const finished = new Counter({
    name: 'coincard_jobs_finished_total',
    help: 'Jobs this instance finished, by queue and outcome (completed; failed, to be retried; dead, failed for good).',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const waited = new Histogram({
    name: 'coincard_job_wait_seconds',
    help: 'From when a job was due (enqueued, or its retry time) to when it started, by queue.',
    labelNames: ['queue'] as const,
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  const ran = new Histogram({
    name: 'coincard_job_duration_seconds',
    help: "A job's run time, by queue and outcome.",
    labelNames: ['queue', 'outcome'] as const,
    buckets: RUN_BUCKETS,
    registers: [registry],
  });
  return {
    started(queue, waitedMs) {
      started.inc({ queue });
      waited.observe({ queue }, waitedMs / 1000);
    },
    finished(queue, ms, outcome) {
      finished.inc({ queue, outcome });
      ran.observe({ queue, outcome }, ms / 1000);
    },
  };
}
