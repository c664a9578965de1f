import type { Config } from '../config.js';
import { replayProviderEvents } from '../modules/webhooks/webhooks.service.js';
import { webhookSources } from '../webhook-sources.js';
import type { JobName } from './job-names.js';
import type { JobDefinition } from './job-runner.js';
import { reconcileDeposits } from './reconcile-deposits.js';

type NamedJob = JobDefinition & { name: JobName };

/** Every periodic job and how often it runs; JOBS_INTERVAL_MS sets the pace. */
export function jobDefinitions(config: Config): NamedJob[] {
  const base = config.JOBS_INTERVAL_MS;
  return [
    { name: 'reconcile-deposits', intervalMs: base, run: reconcileDeposits },
    { name: 'replay-provider-events', intervalMs: base, run: (deps) => replayProviderEvents(deps, webhookSources) },
  ];
}
