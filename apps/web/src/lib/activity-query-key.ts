/**
 * Every statement query starts with this key; its own module so whatever moves money (a top-up, a card load, a
 * deletion) can refresh the statement without importing the statement feature.
 */
export const activityQueryKey = ['activity'] as const;
