import type { DepositStatus } from '@coincard/shared';
import { eq } from 'drizzle-orm';
import { deposits } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { InvoiceState } from '../../providers/payments/payment-provider.js';
import { move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { releaseSignupReward } from '../referrals/referral-rewards.service.js';

export type ApplyOutcome = 'unknown-order' | 'already-final' | 'still-pending' | 'needs-review' | 'credited' | 'closed';

/** An overpayment beyond this multiple of the invoice is not credited automatically. */
const MAX_OVERPAYMENT_FACTOR = 2;

type Credit = { credit: number; amountPaid: number } | { review: string };

/**
 * PAID credits the amount asked (docs/product-rules.md, Deposits); PAID_OVER and PAID_LESS credit what was received. A
 * received amount that is unknown or implausible is never guessed: the deposit waits for a person.
 */
function creditFor(status: DepositStatus, amount: number, amountPaid: number | null): Credit {
  if (status === 'PAID') return { credit: amount, amountPaid: amountPaid ?? amount };
  if (status === 'EXPIRED' || status === 'FAILED') return { credit: 0, amountPaid: amountPaid ?? 0 };
  if (amountPaid === null) return { review: 'the provider did not report the amount received' };
  if (status === 'PAID_LESS' && (amountPaid <= 0 || amountPaid >= amount))
    return { review: `an underpayment of ${amountPaid} cents on ${amount}` };
  if (status === 'PAID_OVER' && (amountPaid <= amount || amountPaid > amount * MAX_OVERPAYMENT_FACTOR)) {
    return { review: `an overpayment of ${amountPaid} cents on ${amount}` };
  }
  return { credit: amountPaid, amountPaid };
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
    const decided = creditFor(state.status, deposit.amount, state.amountPaidCents);
    if ('review' in decided) {
      deps.logger.error(
        { depositId: deposit.id, provider: state.providerStatus, reason: decided.review },
        'deposit needs manual review',
      );
      await tx
        .update(deposits)
        .set({ providerStatus: `review:${state.providerStatus}`, nextCheckAt: null, updatedAt: now })
        .where(eq(deposits.id, deposit.id));
      return 'needs-review';
    }
    const { credit, amountPaid } = decided;
    if (credit > 0) {
      await move(tx, {
        id: `deposit:${deposit.id}`,
        kind: 'deposit',
        from: platformAccount('clearing_payments', deposit.userId, deposit.provider),
        to: { kind: 'user_balance', userId: deposit.userId },
        amount: credit,
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
    if (credit > 0) await releaseSignupReward(tx, deps, deposit.userId);
    return credit > 0 ? 'credited' : 'closed';
  });
}
