import type { QueueName } from './queues.js';

/** What the engine tells the metrics about each job it runs (jobs/job-metrics.ts). */
export type JobObserver = {
  started: (queue: QueueName, waitedMs: number) => void;
  finished: (queue: QueueName, ms: number, outcome: 'completed' | 'failed' | 'dead') => void;
};
