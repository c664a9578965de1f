/** Every referral query starts with this key, so a withdrawal refreshes the stats and every page of rewards. */
export const referralsQueryKey = ['referrals'] as const;
