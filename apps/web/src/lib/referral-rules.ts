/**
 * Referral rewards (decisions.md section 6), in cents, for the screens that explain them. The server pays them; these
 * only say how much. They belong in @coincard/shared's constants beside the link threshold and the payout milestone.
 */
export const REFERRAL_SIGNUP_REWARD_CENTS = 100;
export const REFERRAL_FIRST_CARD_REWARD_CENTS = 500;
export const REFERRED_USER_FIRST_CARD_BONUS_CENTS = 500;
