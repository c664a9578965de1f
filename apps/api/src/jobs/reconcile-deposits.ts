import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client.js';
import type { Deps } from '../deps.js';
import { applyProviderState } from '../modules/deposits/apply-provider-state.js';
import { markInvoiceNotCreated } from '../modules/deposits/deposits.service.js';

const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/**
 * Asks the provider about deposits still PENDING after their lifetime, so a lost webhook never loses money.
 * Each run leases a batch with FOR UPDATE SKIP LOCKED by pushing next_check_at forward: any number of instances
 * can run it at once without two of them checking the same deposit.
 */
export async function reconcileDeposits(deps: Deps): Promise<{ checked: number; settled: number }> {
  const now = deps.now();
  const leased = await executeRows<{ order_id: string; provider_payment_id: string | null }>(
    deps.db,
    sql`
    update deposits set next_check_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
    where id in (
      select id from deposits
      where status = 'PENDING' and next_check_at is not null and next_check_at <= ${now.toISOString()}
      order by next_check_at
      limit ${BATCH}
      for update skip locked
    )
    returning order_id, provider_payment_id`,
  );
  let settled = 0;
  for (const { order_id: orderId, provider_payment_id: providerPaymentId } of leased) {
    try {
      const outcome = await applyProviderState(deps, await deps.payments.getInvoice(orderId));
      if (outcome === 'credited' || outcome === 'closed') settled += 1;
    } catch (error) {
      if (providerPaymentId === null) {
        // The process stopped before the invoice was recorded and the provider does not know the order either.
        await markInvoiceNotCreated(deps, orderId);
        settled += 1;
      } else {
        deps.logger.warn({ err: error, orderId }, 'reconciliation could not check a deposit; it will be retried');
      }
    }
  }
  return { checked: leased.length, settled };
}
