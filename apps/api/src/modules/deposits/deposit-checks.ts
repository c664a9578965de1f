import { and, eq, lte } from 'drizzle-orm';
import { deposits } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { applyProviderState } from './apply-provider-state.js';
import { markInvoiceNotCreated } from './deposits.service.js';

/** While the provider still calls a top-up pending, it is asked again after this long. */
const RECHECK_MS = 5 * 60_000;

/**
 * The deposit-check queue's handler: asks the provider about a top-up still PENDING after its lifetime, so a lost
 * webhook never loses money. A provider that cannot be reached is retried by the engine.
 */
export const checkDeposit: JobHandler<'deposit-check'> = async (deps, { orderId }) => {
  const now = deps.now();
  const [deposit] = await deps.db
    .update(deposits)
    .set({ nextCheckAt: new Date(now.getTime() + RECHECK_MS) })
    .where(and(eq(deposits.orderId, orderId), eq(deposits.status, 'PENDING')))
    .returning({ providerPaymentId: deposits.providerPaymentId });
  if (!deposit) return;
  try {
    await applyProviderState(deps, await deps.payments.getInvoice(orderId));
  } catch (error) {
    if (deposit.providerPaymentId !== null) throw error;
    // The process stopped before the invoice was recorded and the provider does not know the order either.
    await markInvoiceNotCreated(deps, orderId);
  }
};

/** The deposit sweep: top-ups past their lifetime, still PENDING, without a job. */
export async function sweepDeposits(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ orderId: deposits.orderId })
    .from(deposits)
    .where(and(eq(deposits.status, 'PENDING'), lte(deposits.nextCheckAt, deps.now())))
    .orderBy(deposits.nextCheckAt)
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'deposit-check',
    due.map(({ orderId }) => ({ key: orderId, data: { orderId } })),
  );
}
