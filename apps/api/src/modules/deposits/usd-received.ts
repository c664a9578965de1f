import { formatCents } from '@coincard/shared';
import type { WebhookReport } from '../../db/schema/index.js';
import { usdStringToCents } from '../../lib/usd-cents.js';
import type { InvoiceState } from '../../providers/payments/payment-provider.js';

/** Coins worth a dollar each: what arrives in them is counted as dollars, as it always was. */
export const USD_STABLECOINS: ReadonlySet<string> = new Set(['USDT', 'USDC', 'DAI']);

/**
 * How far the provider's USD value may stray from the coin amount at its own rate: 2% of that value, or 1 cent when
 * that is more (decision 021). Wide enough for the rate moving between the payment and our check, narrow enough that
 * a wrong value (a different coin, a misplaced decimal point, a stale report) is held for a person.
 */
export const USD_TOLERANCE_PERCENT = 2;
export const USD_TOLERANCE_MIN_CENTS = 1;

export const isStablecoin = (coin: string) => USD_STABLECOINS.has(coin.toUpperCase());

/** The provider's rate for a coin: USD per coin, read before the deposit is locked. */
export type CoinRate = { coin: string; course: number };

/** What the provider reported about the money that arrived, from its info answer and a webhook of the same status. */
export type PaymentReport = {
  /** The coin paid with, upper-case. */
  coin: string;
  /**
   * The USD value reported. For a dollar stablecoin, as it always was: the info answer's USD value, else its
   * `payment_amount` on a USD invoice counted as dollars, else the webhook's USD value. For any other coin: the info
   * answer's USD value, else the webhook's (`payment_amount` is in the coin, not dollars).
   */
  usdCents: number | null;
  /** The amount in the payer's coin: the info answer's, else the webhook's. */
  paymentAmount: string | null;
};

/** The webhook report about the same status as the info answer, the one arriving now first; null when none is. */
export function sameStatusReport(
  state: InvoiceState,
  ...reports: Array<WebhookReport | null | undefined>
): WebhookReport | null {
  return reports.find((report) => report?.providerStatus === state.providerStatus) ?? null;
}

/**
 * The info answer is asked for and comes first; a signed webhook fills what it leaves out, but only a webhook about
 * the same status (a stale or reordered one says nothing about this one).
 */
export function paymentReport(state: InvoiceState, webhook: WebhookReport | null, depositCoin: string): PaymentReport {
  const coin = (state.payerCurrency ?? webhook?.payerCurrency ?? depositCoin).toUpperCase();
  const infoDollars =
    isStablecoin(coin) && state.invoiceCurrency === 'USD' ? usdStringToCents(state.paymentAmount) : null;
  return {
    coin,
    usdCents: state.amountPaidCents ?? infoDollars ?? webhook?.usdCents ?? null,
    paymentAmount: state.paymentAmount ?? webhook?.paymentAmount ?? null,
  };
}

/** The coin whose rate the check needs, or null when none is needed (a stablecoin). */
export const coinNeedingRate = (report: PaymentReport) => (isStablecoin(report.coin) ? null : report.coin);

export type UsdCheck = {
  coin: string;
  paymentAmount: string | null;
  reportedUsdCents: number | null;
  rate: number | null;
  /** The coin amount at the provider's rate, in cents, rounded to the nearest. */
  expectedUsdCents: number | null;
  toleranceCents: number | null;
};

export type UsdReceived = { cents: number; check: UsdCheck | null } | { unknown: string; check: UsdCheck | null };

const COIN_AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

/**
 * The USD value received, or why it is not known. A dollar stablecoin keeps the rule it always had (see
 * PaymentReport). Any other coin takes the provider's
 * USD value only when it agrees with the coin amount at the provider's own rate, within the tolerance; the comparison
 * is the one place a float appears, and what is credited is the provider's integer cents.
 */
export function usdReceived(report: PaymentReport, rate: CoinRate | null): UsdReceived {
  if (isStablecoin(report.coin)) {
    return report.usdCents === null
      ? { unknown: 'the provider did not report the amount received', check: null }
      : { cents: report.usdCents, check: null };
  }
  const check: UsdCheck = {
    coin: report.coin,
    paymentAmount: report.paymentAmount,
    reportedUsdCents: report.usdCents,
    rate: rate && rate.coin.toUpperCase() === report.coin ? rate.course : null,
    expectedUsdCents: null,
    toleranceCents: null,
  };
  if (report.usdCents === null) {
    return { unknown: `the provider did not report the USD value of the ${report.coin} received`, check };
  }
  if (!report.paymentAmount || !COIN_AMOUNT.test(report.paymentAmount)) {
    return { unknown: `the provider did not report how much ${report.coin} was received`, check };
  }
  if (check.rate === null) return { unknown: `no ${report.coin} rate could be read from the provider`, check };
  const expected = Number(report.paymentAmount) * check.rate * 100;
  const tolerance = Math.max((expected * USD_TOLERANCE_PERCENT) / 100, USD_TOLERANCE_MIN_CENTS);
  check.expectedUsdCents = Math.round(expected);
  check.toleranceCents = Math.ceil(tolerance);
  if (Math.abs(report.usdCents - expected) > tolerance) {
    return {
      // The rate and the expected value go in the figures, not the reason: the same report at a moved rate is the same
      // disagreement, and must not reopen a review a person resolved.
      unknown: `the provider's USD value of ${formatCents(report.usdCents)} disagrees with ${report.paymentAmount} ${report.coin} at its own rate by more than ${USD_TOLERANCE_PERCENT}%`,
      check,
    };
  }
  return { cents: report.usdCents, check };
}
