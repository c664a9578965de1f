/**
 * Query key of the user's cards; money moving into the account refreshes them (docs/product-rules.md, Data freshness).
 */
export const cardsQueryKey = ['cards'] as const;
