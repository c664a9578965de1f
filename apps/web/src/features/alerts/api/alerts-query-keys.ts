/** Every alerts query (the list's pages and the unread count) starts with this key: one invalidation refreshes all. */
export const alertsQueryKeyRoot = ['alerts'] as const;
export const alertsListQueryKey = [...alertsQueryKeyRoot, 'list'] as const;
export const unreadAlertsQueryKey = [...alertsQueryKeyRoot, 'unread'] as const;
export const alertPreferencesQueryKey = ['alert-preferences'] as const;
