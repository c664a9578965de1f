import type { DepositStatus } from '@coincard/shared';
import { eq } from 'drizzle-orm';
import { deposits } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { InvoiceState } from '../../providers/payments/payment-provider.js';
import { postTransfer } from '../ledger/ledger.service.js';

export type ApplyOutcome = 'unknown-order' | 'already-final' | 'still-pending' | 'credited' | 'closed';

/** decisions.md section 4: PAID credits the amount asked; PAID_OVER and PAID_LESS credit what was received. */
function creditFor(status: DepositStatus, amount: number, amountPaid: number | null): number {
  if (status === 'PAID') return amount;
  if (status === 'PAID_OVER' || status === 'PAID_LESS') return amountPaid ?? 0;
  return 0;
}

/**
 * The one place a deposit changes state. Locks the deposit row, moves only a PENDING deposit, and credits the
 * ledger in the same transaction under the transfer id `deposit:<id>`, so however many webhooks and
 * reconciliation runs arrive, in whatever order or at the same moment, the money moves once.
 */
export async function applyProviderState(deps: Deps, state: InvoiceState): Promise<ApplyOutcome> {
  return deps.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.orderId, state.orderId)).for('update');
    if (!deposit) return 'unknown-order';
    if (deposit.status !== 'PENDING') {
      if (state.status !== deposit.status) {
        deps.logger.warn(
          { depositId: deposit.id, ours: deposit.status, provider: state.providerStatus },
          'provider reports a different outcome for a final deposit; left for manual review',
        );
      }
      return 'already-final';
    }
    const now = deps.now();
    if (state.status === 'PENDING') {
      await tx
        .update(deposits)
        .set({ providerStatus: state.providerStatus, updatedAt: now })
        .where(eq(deposits.id, deposit.id));
      return 'still-pending';
    }
    const amountPaid =
      state.status === 'PAID' ? (state.amountPaidCents ?? deposit.amount) : (state.amountPaidCents ?? 0);
    const credit = creditFor(state.status, deposit.amount, state.amountPaidCents);
    if (credit > 0) {
      await postTransfer(tx, {
        id: `deposit:${deposit.id}`,
        kind: 'deposit',
        postings: [
          { account: { kind: 'clearing_payments', ref: deposit.provider }, amount: -credit },
          { account: { kind: 'user_balance', userId: deposit.userId }, amount: credit },
        ],
        metadata: { depositId: deposit.id, status: state.status },
      });
    }
    await tx
      .update(deposits)
      .set({
        status: state.status,
        providerStatus: state.providerStatus,
        amountPaid,
        creditedAmount: credit,
        nextCheckAt: null,
        updatedAt: now,
      })
      .where(eq(deposits.id, deposit.id));
    return credit > 0 ? 'credited' : 'closed';
  });
}
