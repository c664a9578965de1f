import type { QueueStats } from '@coincard/shared';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { JobObserver } from './job-observer.js';
import { readQueueStats } from './queue-stats.js';

/** Scrapes closer together than this (several scrapers, a dashboard refresh) share one read of the queues. */
const QUEUE_STATS_CACHE_MS = 2000;

/** From "due" to "started": a job taken at once waits milliseconds; one behind a backlog, minutes. */
const WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800];
const RUN_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** Per-queue gauges read at scrape time (cached briefly); every known queue is reported, at 0 when empty. */
export function registerQueueMetrics(registry: Registry, db: Database): void {
  const readErrors = new Counter({
    name: 'coincard_job_queue_read_errors_total',
    help: 'Scrapes that could not read the job queues (the database was unreachable); the queue gauges are then absent.',
    registers: [registry],
  });
  let cached: { at: number; stats: Promise<QueueStats[] | null> } | null = null;

  // The same read as the admin console's Jobs page (only the app's queues; the engine's own are left out).
  async function read(): Promise<QueueStats[] | null> {
    try {
      return await readQueueStats(db);
    } catch {
      readErrors.inc();
      return null;
    }
  }

  function current(): Promise<QueueStats[] | null> {
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
        for (const values of stats ?? []) this.set({ queue: values.queue }, pick(values));
      },
    });
  gauge(
    'coincard_job_queue_depth',
    'Jobs waiting to run (created, or waiting for a retry), by queue.',
    (s) => s.waiting,
  );
  gauge('coincard_job_queue_active', 'Jobs running now on some instance, by queue.', (s) => s.running);
  gauge(
    'coincard_job_dead_letters',
    'Jobs failed for good (dead letters, listed in the admin console until retried or pruned), by queue.',
    (s) => s.deadLetters,
  );
  gauge(
    'coincard_job_oldest_waiting_seconds',
    'How long the oldest job that is due has waited to start, by queue (0 when none is waiting).',
    (s) => s.oldestWaitingSeconds ?? 0,
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
