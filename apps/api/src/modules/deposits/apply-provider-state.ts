import { type DepositStatus, formatCents } from '@coincard/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { type DepositRow, deposits, type WebhookReport } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { InvoiceState, PaymentWebhook } from '../../providers/payments/payment-provider.js';
import { raiseAlert } from '../alerts/raise-alert.js';
import { move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { publishLive } from '../live/live-events.js';
import { releaseSignupReward } from '../referrals/referral-rewards.service.js';
import { closeReview, decidedByPerson, reportReview } from '../reviews/report-review.js';
import {
  type CoinRate,
  coinNeedingRate,
  paymentReport,
  sameStatusReport,
  type UsdReceived,
  usdReceived,
} from './usd-received.js';

export type ApplyOutcome =
  | 'unknown-order'
  | 'already-final'
  | 'disagrees-with-final'
  | 'still-pending'
  | 'needs-review'
  | 'credited'
  | 'closed';

/** An overpayment beyond this multiple of the invoice is not credited automatically. */
const MAX_OVERPAYMENT_FACTOR = 2;

const PAYMENT_STATUSES: readonly DepositStatus[] = ['PAID', 'PAID_OVER', 'PAID_LESS'];
const READS_AMOUNT: readonly DepositStatus[] = ['PAID_OVER', 'PAID_LESS'];

type Credit = { credit: number; amountPaid: number } | { review: string };

/**
 * PAID credits the amount asked (docs/product-rules.md, Deposits); PAID_OVER and PAID_LESS credit the USD value
 * received. A received amount that is unknown, implausible or (in a coin that is not a dollar) disagrees with the
 * provider's own rate is never guessed: the deposit waits for a person.
 */
function creditFor(status: DepositStatus, amount: number, received: UsdReceived): Credit {
  const cents = 'cents' in received ? received.cents : null;
  if (status === 'PAID') return { credit: amount, amountPaid: cents ?? amount };
  if (status === 'EXPIRED' || status === 'FAILED') return { credit: 0, amountPaid: cents ?? 0 };
  if ('unknown' in received) return { review: received.unknown };
  if (status === 'PAID_LESS' && (received.cents <= 0 || received.cents >= amount))
    return { review: `an underpayment of ${formatCents(received.cents)} on ${formatCents(amount)}` };
  if (status === 'PAID_OVER' && (received.cents <= amount || received.cents > amount * MAX_OVERPAYMENT_FACTOR)) {
    return { review: `an overpayment of ${formatCents(received.cents)} on ${formatCents(amount)}` };
  }
  return { credit: received.cents, amountPaid: received.cents };
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

const reportOf = (webhook: PaymentWebhook | null): WebhookReport | null =>
  webhook && {
    providerStatus: webhook.providerStatus,
    usdCents: webhook.amountPaidCents,
    paymentAmount: webhook.paymentAmount,
    payerCurrency: webhook.payerCurrency,
  };

/**
 * The provider's rate for the coin an over- or underpayment arrived in, when it is not a dollar stablecoin, read
 * before the deposit is locked. A rate that cannot be read is a provider hiccup like a failed info call: the error
 * goes up and the webhook is retried (reconciliation checks the deposit again), rather than holding the deposit.
 */
async function rateFor(deps: Deps, state: InvoiceState, webhook: WebhookReport | null): Promise<CoinRate | null> {
  if (!READS_AMOUNT.includes(state.status)) return null;
  const [row] = await deps.db
    .select({ currency: deposits.currency, webhookReport: deposits.webhookReport })
    .from(deposits)
    .where(eq(deposits.orderId, state.orderId));
  if (!row) return null;
  const report = paymentReport(state, sameStatusReport(state, webhook, row.webhookReport), row.currency);
  const coin = coinNeedingRate(report);
  // Nothing to compare (no USD value or no coin amount): the deposit is held whatever the rate.
  if (!coin || report.usdCents === null || report.paymentAmount === null) return null;
  return { coin, course: await deps.rates(coin) };
}

/**
 * The provider says something else about a deposit that already ended: another outcome (paid after cancel, a refund
 * after a credit) or another amount received. Nothing moves (a final deposit stays final); a person is asked.
 */
async function checkFinal(
  tx: Transaction,
  deps: Deps,
  deposit: DepositRow,
  state: InvoiceState,
  webhook: WebhookReport | null,
): Promise<ApplyOutcome> {
  const report = paymentReport(state, sameStatusReport(state, webhook, deposit.webhookReport), deposit.currency);
  let reason: string | null = null;
  if (state.status !== deposit.status) {
    reason = `The provider now reports ${state.providerStatus} for a top-up that ended ${deposit.status}.`;
  } else if (
    READS_AMOUNT.includes(state.status) &&
    report.usdCents !== null &&
    report.usdCents !== deposit.amountPaid
  ) {
    reason = `The provider now reports ${formatCents(report.usdCents)} received for a top-up that ended ${deposit.status} with ${formatCents(deposit.amountPaid)}.`;
  }
  if (!reason) return 'already-final';
  deps.logger.warn(
    { depositId: deposit.id, ours: deposit.status, provider: state.providerStatus },
    'provider reports a different outcome for a final deposit; put in the review queue',
  );
  await reportReview(
    tx,
    {
      kind: 'deposit_final_disagreement',
      subjectId: deposit.id,
      userId: deposit.userId,
      reason,
      details: {
        orderId: deposit.orderId,
        ours: { status: deposit.status, amountPaid: deposit.amountPaid, credited: deposit.creditedAmount },
        provider: {
          status: state.providerStatus,
          usdCents: report.usdCents,
          paymentAmount: report.paymentAmount,
          coin: report.coin,
        },
      },
    },
    deps.now(),
  );
  return 'disagrees-with-final';
}

/**
 * The one place a deposit changes state. Locks the deposit row, moves only a PENDING deposit, and credits the
 * ledger in the same transaction under the transfer id `deposit:<id>`, so however many webhooks and
 * reconciliation runs arrive, in whatever order or at the same moment, the money moves once. A disagreement is put
 * in the review queue in that same transaction. `webhook` is the signed webhook that woke us, when one did: what it
 * says about a payment is kept with the deposit, since the info answer (all reconciliation has) may leave it out.
 */
export async function applyProviderState(
  deps: Deps,
  state: InvoiceState,
  webhook: PaymentWebhook | null = null,
): Promise<ApplyOutcome> {
  const incoming = reportOf(webhook);
  const rate = await rateFor(deps, state, incoming);
  let creditedCents = 0;
  const outcome = await deps.db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.orderId, state.orderId)).for('update');
    if (!deposit) return 'unknown-order';
    if (deposit.status !== 'PENDING') return checkFinal(tx, deps, deposit, state, incoming);
    const now = deps.now();
    const keep = webhook && PAYMENT_STATUSES.includes(webhook.status) ? incoming : null;
    const stored = keep ?? deposit.webhookReport;
    if (state.status === 'PENDING') {
      await tx
        .update(deposits)
        .set({ providerStatus: state.providerStatus, webhookReport: stored, updatedAt: now })
        .where(eq(deposits.id, deposit.id));
      return 'still-pending';
    }
    const report = paymentReport(state, sameStatusReport(state, incoming, stored), deposit.currency);
    const received = usdReceived(report, rate);
    const decided = await unlessDecided(tx, deposit, state.status, creditFor(state.status, deposit.amount, received));
    if ('review' in decided) {
      deps.logger.error(
        { depositId: deposit.id, provider: state.providerStatus, reason: decided.review },
        'deposit held for review',
      );
      await tx
        .update(deposits)
        .set({
          providerStatus: `review:${state.providerStatus}`,
          webhookReport: stored,
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(deposits.id, deposit.id));
      await publishLive(deps, tx, deposit.userId, { type: 'deposit', orderId: deposit.orderId });
      await reportReview(
        tx,
        {
          kind: 'deposit_amount_mismatch',
          subjectId: deposit.id,
          userId: deposit.userId,
          reason: sentence(decided.review),
          details: {
            orderId: deposit.orderId,
            providerStatus: state.providerStatus,
            invoiceCents: deposit.amount,
            coin: report.coin,
            reportedUsdCents: report.usdCents,
            paymentAmount: report.paymentAmount,
            ...(received.check ? { rate: received.check.rate, expectedUsdCents: received.check.expectedUsdCents } : {}),
          },
        },
        now,
      );
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
        webhookReport: stored,
        amountPaid,
        creditedAmount: credit,
        txHash: state.txHash ?? deposit.txHash,
        nextCheckAt: null,
        updatedAt: now,
      })
      .where(eq(deposits.id, deposit.id));
    // A hold the provider's later answer settled (a redelivery once its rate agrees) needs no person any more.
    if (deposit.providerStatus?.startsWith('review:')) {
      await closeReview(
        tx,
        'deposit_amount_mismatch',
        deposit.id,
        `Settled by the provider's later answer: ${state.status}, ${formatCents(credit)} credited.`,
        now,
      );
    }
    if (credit > 0) await releaseSignupReward(tx, deps, deposit.userId);
    if (credit > 0 && (PAYMENT_STATUSES as readonly string[]).includes(state.status)) {
      await raiseAlert(deps, tx, {
        userId: deposit.userId,
        kind: 'top_up_credited',
        orderId: deposit.orderId,
        status: state.status as 'PAID' | 'PAID_OVER' | 'PAID_LESS',
        invoiceCents: deposit.amount,
        creditedCents: credit,
        dedupeKey: `deposit:${deposit.id}`,
      });
    }
    await publishLive(deps, tx, deposit.userId, { type: 'deposit', orderId: deposit.orderId });
    creditedCents = credit;
    return credit > 0 ? 'credited' : 'closed';
  });
  // Counted once committed: a rolled-back credit (a conflict, the database gone) was never money.
  if (outcome === 'credited') deps.metrics.topUpCredited(creditedCents);
  return outcome;
}

/**
 * A person decided this held top-up (refunded the payer at the provider, credited by hand): a later answer that
 * would credit it goes back to the queue instead, or the payer would be paid twice.
 */
async function unlessDecided(tx: Transaction, deposit: DepositRow, status: DepositStatus, decided: Credit) {
  if ('review' in decided || !deposit.providerStatus?.startsWith('review:')) return decided;
  if (!(await decidedByPerson(tx, 'deposit_amount_mismatch', deposit.id))) return decided;
  return {
    review: `the provider now reports ${status} (${formatCents(decided.credit)}) for a top-up a person already decided`,
  };
}
