import type { ScheduleName } from './queues.js';

/**
 * When each scheduled queue fires (cron, UTC). The engine fires each once across all instances (it claims the
 * minute in its own table), whatever the number of instances. Sweeps are safety nets: the work they look for was
 * enqueued when it arose, so they only find what an older release or an admin's change left without a job.
 */
export const SCHEDULES: Record<ScheduleName, string> = {
  'sweep-deposits': '* * * * *',
  'sweep-card-work': '* * * * *',
  'sweep-provider-events': '*/5 * * * *',
  'charge-monthly-fees': '*/10 * * * *',
  'reconcile-card-balances': '*/10 * * * *',
  'prune-expired-rows': '17 * * * *',
  // After a SESSION_SECRET rotation, within the hour nothing needs the previous secret (docs/operations.md).
  'reseal-secrets': '41 * * * *',
  'sandbox-issuer-back-office': '* * * * *',
};
