import type { Config } from '../config.js';
import { closeDeletedCards } from '../modules/cards/card-closing.service.js';
import { completePendingCards } from '../modules/cards/card-creation.service.js';
import { settleDueOperations } from '../modules/cards/card-operations.service.js';
import { reconcileCardBalances } from '../modules/cards/card-reconciliation.service.js';
import { createDueCardholders } from '../modules/cards/cardholders.service.js';
import { chargeMonthlyFees } from '../modules/cards/monthly-fees.service.js';
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
    { name: 'create-cardholders', intervalMs: base, run: createDueCardholders },
    { name: 'complete-card-creations', intervalMs: base, run: completePendingCards },
    { name: 'settle-card-operations', intervalMs: base, run: settleDueOperations },
    { name: 'close-deleted-cards', intervalMs: base, run: closeDeletedCards },
    { name: 'charge-monthly-fees', intervalMs: 10 * base, run: chargeMonthlyFees },
    { name: 'reconcile-card-balances', intervalMs: 10 * base, run: reconcileCardBalances },
    ...(config.CARD_ISSUER === 'sandbox'
      ? [
          {
            name: 'sandbox-issuer-deliveries' as const,
            intervalMs: base,
            // The sandbox issuer's own back office: complete what is due, deliver what is owed.
            run: async (deps: Parameters<JobDefinition['run']>[0]) => {
              await deps.sandboxIssuer?.completeDue();
              await deps.sandboxIssuer?.deliverDue();
            },
          },
        ]
      : []),
  ];
}
