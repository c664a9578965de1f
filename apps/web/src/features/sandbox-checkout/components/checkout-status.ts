import { semanticColors } from '../../../theme';
import type { Checkout } from '../api/get-checkout';

type StatusLook = { label: string; color: string };

const LOOKS: Record<string, StatusLook> = {
  check: { label: 'Awaiting payment', color: semanticColors.pending },
  paid: { label: 'Paid', color: semanticColors.success },
  paid_over: { label: 'Paid over', color: semanticColors.accent },
  wrong_amount: { label: 'Paid less', color: 'orange' },
  cancel: { label: 'Expired', color: 'gray' },
  fail: { label: 'Failed', color: semanticColors.danger },
  system_fail: { label: 'Failed', color: semanticColors.danger },
};

export function statusLook(status: string): StatusLook {
  return LOOKS[status] ?? { label: status, color: 'gray' };
}

/** The provider's dollar strings ("50.00") shown like the rest of the app ("$50.00"). */
export function formatUsd(dollars: string | null): string {
  return dollars === null ? '' : Number(dollars).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** The headline and sentence for an invoice that is over. */
export function finalMessage(checkout: Checkout): { title: string; text: string } {
  const invoice = formatUsd(checkout.amountUsd);
  // The provider reports the coins sent and their dollar value; both are shown, as a real checkout would.
  const inCoin = (dollars: string) =>
    checkout.paidCoinAmount ? `${checkout.paidCoinAmount} ${checkout.coin} (${dollars})` : dollars;
  const paid = inCoin(formatUsd(checkout.paidUsd));
  switch (checkout.status) {
    case 'paid':
      return { title: 'Payment received', text: `${inCoin(invoice)} arrived. CoinCard adds it to your balance.` };
    case 'paid_over':
      return {
        title: 'Overpayment received',
        text: `${paid} arrived for a ${invoice} invoice. CoinCard adds its dollar value to your balance.`,
      };
    case 'wrong_amount':
      return {
        title: 'Partial payment received',
        text: `${paid} of ${invoice} arrived. CoinCard adds its dollar value to your balance.`,
      };
    case 'cancel':
      return { title: 'Payment expired', text: 'The invoice ran out before it was paid. Nothing was charged.' };
    default:
      return { title: 'Payment failed', text: 'The payment did not go through. Nothing was charged.' };
  }
}
