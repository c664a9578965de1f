// The alerts' plain values, apart from their schemas: the signed-in shell's bell names the kinds, and needs no zod to
// do it (decision 040).

/** Everything the owner is told about, in the app and (by their choice) by e-mail (docs/decisions/032-alerts.md). */
export const ALERT_KINDS = [
  'card_purchase',
  'card_decline',
  'card_refund',
  'top_up_credited',
  'card_frozen_by_admin',
  'card_low_balance',
  'new_device_sign_in',
  'card_revealed',
  'card_unlocked',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Security alerts always go by e-mail: someone who took over a session must not be able to switch off the mail that
 * would tell the owner (a sign-in from a new device, a card's details shown, a card blocked by support, a card
 * unfrozen or its spending controls loosened by its owner's session, which asks for no step-up: decision 033).
 */
export const ALWAYS_MAILED_ALERTS: readonly AlertKind[] = [
  'new_device_sign_in',
  'card_revealed',
  'card_frozen_by_admin',
  'card_unlocked',
];

/** Which alerts arrive by e-mail until the owner chooses: all but purchases, which the app lists anyway. */
export const DEFAULT_EMAIL_ALERTS: Record<AlertKind, boolean> = {
  card_purchase: false,
  card_decline: true,
  card_refund: true,
  top_up_credited: true,
  card_frozen_by_admin: true,
  card_low_balance: true,
  new_device_sign_in: true,
  card_revealed: true,
  card_unlocked: true,
};

/** A card's balance falling below this after a purchase raises a low-balance alert (once per crossing). */
export const LOW_CARD_BALANCE_CENTS = 500;

export const ALERTS_PAGE_SIZE = 20;
