/** Every query of the user's own deposits starts with this key, so one invalidation refreshes all pages. */
export const depositsQueryKey = ['deposits', 'own'] as const;
