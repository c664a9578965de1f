/** Everything about one user on the admin detail page starts with this key, so one action refreshes all of it. */
export const adminUserQueryKey = (userId: string) => ['admin', 'user', userId] as const;

export const adminUserStatsQueryKey = (userId: string) => [...adminUserQueryKey(userId), 'stats'] as const;
export const adminUserCardsQueryKey = (userId: string) => [...adminUserQueryKey(userId), 'cards'] as const;
export const adminUserCardholderQueryKey = (userId: string) => [...adminUserQueryKey(userId), 'cardholder'] as const;
export const adminUserDepositsQueryKey = (userId: string) => [...adminUserQueryKey(userId), 'deposits'] as const;

/** Every page and filter of the audit log (the user's trail on the detail page included). */
export const adminAuditQueryKey = ['admin', 'audit'] as const;

/** Every page and filter of the review queue. */
export const adminReviewsQueryKey = ['admin', 'reviews'] as const;

/** The queues' overview and every page of dead letters. */
export const adminJobsQueryKey = ['admin', 'jobs'] as const;
