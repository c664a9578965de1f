/** Query key of the user's cards; money moving into the account refreshes them (spec section 4). */
export const cardsQueryKey = ['cards'] as const;
