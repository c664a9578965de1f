// The statement's kinds and statuses as plain values, apart from their schemas: the statement page names them in its
// filters and needs no zod to do it (decision 040).

/**
 * What a statement line is. Lines with a balance after them moved the available balance; the others (card lines,
 * referral rewards on their way, declines, top-ups not credited) show money elsewhere or money that did not move.
 */
export const ACTIVITY_KINDS = [
  'top_up',
  'card_creation_fee',
  'card_creation_refund',
  'card_load',
  'load_fee',
  'card_load_returned',
  'load_fee_returned',
  'card_unload',
  'card_closed',
  'monthly_fee',
  'monthly_fee_returned',
  'referral_bonus',
  'referral_bonus_reversed',
  'referral_held',
  'referral_released',
  'referral_reversed',
  'referral_withdrawal',
  'purchase',
  'refund',
  'decline',
  'other',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** How each kind reads on a screen and in an export. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  top_up: 'Top-up',
  card_creation_fee: 'Card creation fee',
  card_creation_refund: 'Card creation fee returned',
  card_load: 'Card load',
  load_fee: 'Load fee',
  card_load_returned: 'Card load returned',
  load_fee_returned: 'Load fee returned',
  card_unload: 'Card unload',
  card_closed: 'Returned from a deleted card',
  monthly_fee: 'Monthly card fee',
  monthly_fee_returned: 'Monthly card fee returned',
  referral_bonus: 'Referral bonus',
  referral_bonus_reversed: 'Referral bonus reversed',
  referral_held: 'Referral reward (held)',
  referral_released: 'Referral reward released',
  referral_reversed: 'Referral reward reversed',
  referral_withdrawal: 'Referral earnings withdrawn',
  purchase: 'Card purchase',
  refund: 'Card refund',
  decline: 'Declined purchase',
  other: 'Other',
};

export const ACTIVITY_STATUSES = [
  'completed',
  'pending',
  'paid',
  'paid_less',
  'paid_over',
  'expired',
  'failed',
  'declined',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
