import { z } from 'zod';
import { pageMetaSchema } from './common.js';

export const REFERRAL_EVENTS = ['SIGNUP', 'FIRST_CARD'] as const;
export type ReferralEvent = (typeof REFERRAL_EVENTS)[number];

/**
 * held: earned, but not withdrawable until the friend's money is real (a SIGNUP reward until their first top-up is
 * credited, a FIRST_CARD reward until the issuer has issued that card). paid: in the referral earnings.
 */
export const REFERRAL_REWARD_STATUSES = ['held', 'paid'] as const;
export type ReferralRewardStatus = (typeof REFERRAL_REWARD_STATUSES)[number];

/** One reward the signed-in user earned as a referrer. */
export const referralRewardSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /**
   * The referred user's e-mail, masked to its first two characters + "...@domain". Spelled as the web client expects
   * (docs/product-rules.md, API conventions).
   */
  refferedUseremail: z.string(),
  event: z.enum(REFERRAL_EVENTS),
  /** Cents the referrer earned with this event. */
  referrerUserReward: z.number().int(),
  status: z.enum(REFERRAL_REWARD_STATUSES),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const referralSummarySchema = z.object({
  /** The signed-in user's own bonus as a referred user: 500 cents with their first card. */
  firstCardCreationReward: z.object({
    earned: z.boolean(),
    /** Cents: what was paid once earned, what is waiting while the referral applies and no card exists yet, else 0. */
    amount: z.number().int(),
  }),
  /** Whether the signed-in user joined through a referral that applied (the bonus waits for their first card). */
  isReferred: z.boolean(),
  referrals: z.array(referralRewardSchema),
  meta: pageMetaSchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralStatsSchema = z.object({
  /** Every reward earned, held ones included. */
  totalEarnings: z.number().int(),
  /** Earned but not yet withdrawable: waiting for the friend's first credited top-up or first issued card. */
  heldEarnings: z.number().int(),
  totalWithdrawn: z.number().int(),
  /** The unwithdrawn earnings when they reach the payout threshold ($25), else 0. */
  withdrawableAmount: z.number().int(),
  /** What is missing to the threshold; 0 once it is reached. */
  remainingToNextPayout: z.number().int(),
  /** Unwithdrawn earnings released from hold, whether or not they reach the threshold. */
  availableEarnings: z.number().int(),
  /** How many people joined through this user's link (referrals that applied). */
  totalReferrals: z.number().int(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const referralWithdrawResponseSchema = z.object({ message: z.string(), amount: z.number().int() });
export type ReferralWithdrawResponse = z.infer<typeof referralWithdrawResponseSchema>;
