import {
  CARD_CREATION_FEE_CENTS,
  CARD_MIN_REMAINING_CENTS,
  DEPOSIT_LIFETIME_SECONDS,
  DEPOSIT_MAX_CENTS,
  DEPOSIT_MIN_CENTS,
  formatCents,
  LOAD_FEE_FIXED_CENTS,
  LOAD_FEE_PERCENT,
  loadFeeCents,
  MAX_CARDS_PER_USER,
  MONTHLY_CARD_FEE_CENTS,
  MONTHLY_CARD_LIMIT_CENTS,
  REFERRAL_LINK_MIN_BALANCE_CENTS,
  REFERRAL_PAYOUT_MILESTONE_CENTS,
  REFERRED_FIRST_CARD_REWARD_CENTS,
  REFERRER_FIRST_CARD_REWARD_CENTS,
  REFERRER_SIGNUP_REWARD_CENTS,
  UNLOAD_COOLDOWN_MS,
} from '@coincard/shared';

/** formatCents without the ".00" of whole dollars, for sentences ("$5 per card" rather than "$5.00 per card"). */
export function formatWholeDollars(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

const EXAMPLE_LOAD_CENTS = 10_000;

/** Every figure the marketing pages quote, already formatted. */
export const pricing = {
  maxCards: MAX_CARDS_PER_USER,
  creationFee: formatCents(CARD_CREATION_FEE_CENTS),
  creationFeeShort: formatWholeDollars(CARD_CREATION_FEE_CENTS),
  monthlyFee: formatCents(MONTHLY_CARD_FEE_CENTS),
  monthlyFeeShort: formatWholeDollars(MONTHLY_CARD_FEE_CENTS),
  loadFee: `${LOAD_FEE_PERCENT}% + ${formatCents(LOAD_FEE_FIXED_CENTS)}`,
  loadFeeShort: `${LOAD_FEE_PERCENT}% + ${formatWholeDollars(LOAD_FEE_FIXED_CENTS)}`,
  exampleLoad: formatCents(EXAMPLE_LOAD_CENTS),
  exampleLoadFee: formatCents(loadFeeCents(EXAMPLE_LOAD_CENTS)),
  exampleLoadTotal: formatCents(EXAMPLE_LOAD_CENTS + loadFeeCents(EXAMPLE_LOAD_CENTS)),
  monthlyLimit: formatWholeDollars(MONTHLY_CARD_LIMIT_CENTS),
  depositMin: formatWholeDollars(DEPOSIT_MIN_CENTS),
  depositMax: formatWholeDollars(DEPOSIT_MAX_CENTS),
  depositLinkMinutes: DEPOSIT_LIFETIME_SECONDS / 60,
  unloadCooldownMinutes: UNLOAD_COOLDOWN_MS / 60_000,
  cardMinRemaining: formatWholeDollars(CARD_MIN_REMAINING_CENTS),
  referralSignupReward: formatWholeDollars(REFERRER_SIGNUP_REWARD_CENTS),
  referralFirstCardReward: formatWholeDollars(REFERRER_FIRST_CARD_REWARD_CENTS),
  referredFirstCardReward: formatWholeDollars(REFERRED_FIRST_CARD_REWARD_CENTS),
  referralPayoutMilestone: formatWholeDollars(REFERRAL_PAYOUT_MILESTONE_CENTS),
  referralLinkMinBalance: formatWholeDollars(REFERRAL_LINK_MIN_BALANCE_CENTS),
} as const;
