import type { ReferralReward, ReferralStats, ReferralSummary } from '@coincard/shared';

let sequence = 0;

export function makeReferralStats(overrides: Partial<ReferralStats> = {}): ReferralStats {
  return {
    totalEarnings: 0,
    heldEarnings: 0,
    totalWithdrawn: 0,
    withdrawableAmount: 0,
    remainingToNextPayout: 2500,
    availableEarnings: 0,
    totalReferrals: 0,
    ...overrides,
  };
}

export function makeReferralReward(overrides: Partial<ReferralReward> = {}): ReferralReward {
  sequence += 1;
  return {
    _id: `0190f5a2-7c1e-7b3a-9a4e-${String(sequence).padStart(12, '0')}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    refferedUseremail: 'bo...@example.com',
    event: 'SIGNUP',
    referrerUserReward: 100,
    status: 'paid',
    ...overrides,
  };
}

export function makeReferralSummary(
  referrals: ReferralReward[],
  overrides: Partial<Omit<ReferralSummary, 'referrals'>> = {},
): ReferralSummary {
  return {
    firstCardCreationReward: { earned: false, amount: 0 },
    isReferred: false,
    meta: { page: 1, pageSize: 10, total: referrals.length, pages: referrals.length > 0 ? 1 : 0 },
    ...overrides,
    referrals,
  };
}
