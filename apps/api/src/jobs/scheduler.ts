import type { Deps } from '../deps.js';
import { reconcileDeposits } from './reconcile-deposits.js';

/** Runs the periodic jobs in this process. Jobs lease their work in the database, so many instances are safe. */
export function startJobs(deps: Deps, intervalMs = 30_000): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = reconcileDeposits(deps)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'deposit reconciliation failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
