import { CARD_MIN_REMAINING_CENTS, CARD_MIN_UNLOAD_CENTS, type Card, formatCents } from '@coincard/shared';

/** For each control of the card page: null when it can be used, else why not (shown beside the disabled control). */
export type CardActionRules = {
  reveal: string | null;
  freezeToggle: string | null;
  pin: string | null;
  load: string | null;
  unload: string | null;
  delete: string | null;
};

const BEING_CREATED = 'This card is still being created; its controls unlock in a moment.';
const TERMINATED = 'This card is closed.';
const SUPPORT_FROZEN = 'CoinCard support froze this card. Contact support to unfreeze it.';

/** The smallest balance from which anything can be unloaded: $1.00 out, $1.00 staying. */
export const MIN_UNLOADABLE_BALANCE_CENTS = CARD_MIN_UNLOAD_CENTS + CARD_MIN_REMAINING_CENTS;

/**
 * Load and Unload need an active card (docs/product-rules.md, Cards); the API's own refusals, said before the user
 * tries.
 */
export function cardActionRules(card: Card): CardActionRules {
  if (card.status === 'pending') {
    return {
      reveal: BEING_CREATED,
      freezeToggle: BEING_CREATED,
      pin: BEING_CREATED,
      load: BEING_CREATED,
      unload: BEING_CREATED,
      delete: BEING_CREATED,
    };
  }
  if (card.status === 'terminated') {
    return {
      reveal: TERMINATED,
      freezeToggle: TERMINATED,
      pin: TERMINATED,
      load: TERMINATED,
      unload: TERMINATED,
      delete: TERMINATED,
    };
  }
  const notActive = card.status === 'frozen' ? 'Load and Unload need an active card: unfreeze it first.' : null;
  const isMoving = card.pendingOperations.length > 0;
  return {
    reveal: null,
    freezeToggle: card.status === 'frozen' && card.frozenReason === 'admin' ? SUPPORT_FROZEN : null,
    pin: null,
    load: notActive,
    unload:
      notActive ??
      (card.balance < MIN_UNLOADABLE_BALANCE_CENTS
        ? `Unloading needs at least ${formatCents(MIN_UNLOADABLE_BALANCE_CENTS)} on the card: ${formatCents(CARD_MIN_REMAINING_CENTS)} always stays on it.`
        : null),
    delete: isMoving ? 'Money is still moving on this card; delete it once it has arrived.' : null,
  };
}
