/** Load fee(x) = ceil(x * 5 / 100) + 100 cents, for a card credit of x cents (docs/money.md, Card rules). */
export const LOAD_FEE_PERCENT = 5;
export const LOAD_FEE_FIXED_CENTS = 100;

/** Referral rewards, each paid once (docs/referrals.md). */
export const REFERRER_SIGNUP_REWARD_CENTS = 100;
export const REFERRER_FIRST_CARD_REWARD_CENTS = 500;
export const REFERRED_FIRST_CARD_REWARD_CENTS = 500;

export function loadFeeCents(amountCents: number): number {
  return Math.ceil((amountCents * LOAD_FEE_PERCENT) / 100) + LOAD_FEE_FIXED_CENTS;
}

export type LoadQuote = {
  /** What the user typed, in cents. */
  amount: number;
  includesFee: boolean;
  /** Cents the card receives. */
  cardReceives: number;
  fee: number;
  /** Cents taken from the account balance. */
  balancePays: number;
};

/**
 * The load quote (docs/money.md, Card rules). Without the fee included the card gets the typed amount and the balance
 * pays it plus the fee. With the fee included the typed amount T is the total: the card gets the largest x with
 * x + fee(x) <= T, the balance pays exactly T, and the fee is T - x. A total too small to put anything on the card
 * quotes 0 for it.
 */
export function quoteLoad(amount: number, includesFee: boolean): LoadQuote {
  if (!includesFee) {
    const fee = loadFeeCents(amount);
    return { amount, includesFee, cardReceives: amount, fee, balancePays: amount + fee };
  }
  let x = Math.max(0, Math.floor(((amount - LOAD_FEE_FIXED_CENTS) * 100) / (100 + LOAD_FEE_PERCENT)));
  while (x > 0 && x + loadFeeCents(x) > amount) x -= 1;
  while (x + 1 + loadFeeCents(x + 1) <= amount) x += 1;
  return { amount, includesFee, cardReceives: x, fee: amount - x, balancePays: amount };
}
