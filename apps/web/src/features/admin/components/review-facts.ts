import { formatCents, type Review, type ReviewKind, type ReviewSubjectType } from '@coincard/shared';

/** Each kind of review in words, as the queue and its filter show it. */
export const REVIEW_KIND_LABELS: Record<ReviewKind, string> = {
  deposit_amount_mismatch: 'Top-up amount held',
  deposit_final_disagreement: 'Provider disagrees with a final top-up',
  provider_event_unapplied: 'Provider event not applied',
  provider_event_disagreement: 'Provider event contradicts our records',
  card_balance_divergence: 'Card balance differs from the issuer',
};

export const REVIEW_SUBJECT_LABELS: Record<ReviewSubjectType, string> = {
  deposit: 'Top-up',
  provider_event: 'Provider event',
  card: 'Card',
};

export type ReviewFigure = { label: string; value: string };

type Details = Record<string, unknown>;

const objectAt = (details: Details, key: string): Details => {
  const value = details[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};
};

const cents = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? formatCents(value) : null;

const coins = (amount: unknown, coin: unknown) =>
  typeof amount === 'string' && typeof coin === 'string' ? `${amount} ${coin}` : null;

const known = (figures: Array<[string, string | null]>): ReviewFigure[] =>
  figures.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));

/**
 * The amounts behind a review, read from its details as each kind writes them (apps/api, reviews): what was asked,
 * what the provider reported, what the rate says, what each side holds. Anything missing is left out.
 */
export function reviewFigures(review: Review): ReviewFigure[] {
  const details = review.details;
  switch (review.kind) {
    case 'deposit_amount_mismatch':
      return known([
        ['Invoice', cents(details.invoiceCents)],
        ['Reported', cents(details.reportedUsdCents)],
        ['At the rate', cents(details.expectedUsdCents)],
        ['Paid', coins(details.paymentAmount, details.coin)],
      ]);
    case 'deposit_final_disagreement': {
      const ours = objectAt(details, 'ours');
      const provider = objectAt(details, 'provider');
      return known([
        ['Credited', cents(ours.credited)],
        ['Reported', cents(provider.usdCents)],
        ['Paid', coins(provider.paymentAmount, provider.coin)],
      ]);
    }
    case 'card_balance_divergence':
      return known([
        ['Ledger', cents(details.ledgerBalance)],
        ['Issuer', cents(details.issuerBalance)],
      ]);
    default:
      return known([
        ['Ours', cents(details.recorded ?? objectAt(details, 'ours').amount)],
        ['Provider', cents(details.reported ?? objectAt(details, 'issuer').amount)],
      ]);
  }
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "yesterday", "now": how long a review has been waiting. */
export function formatAge(iso: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(iso).getTime());
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}
