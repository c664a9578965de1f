/** decisions.md section 5: load fee(x) = ceil(x * 5 / 100) + 100 cents, for a card credit of x cents. */
export const LOAD_FEE_PERCENT = 5;
export const LOAD_FEE_FIXED_CENTS = 100;

/** decisions.md section 6: referral rewards, each paid once. */
export const REFERRER_SIGNUP_REWARD_CENTS = 100;
export const REFERRER_FIRST_CARD_REWARD_CENTS = 500;
export const REFERRED_FIRST_CARD_REWARD_CENTS = 500;

export function loadFeeCents(amountCents: number): number {
  return Math.ceil((amountCents * LOAD_FEE_PERCENT) / 100) + LOAD_FEE_FIXED_CENTS;
}
