// A card's spending controls as plain values, apart from their schemas: the card page lists the categories and needs no
// zod to do it (decision 040).

/**
 * Merchant categories a card can block: a fixed list, matched against the category the issuer gives a merchant
 * (its enrichment label, compared without case). An unknown category is refused, never stored.
 */
export const MERCHANT_CATEGORIES = [
  { id: 'entertainment', label: 'Entertainment' },
  { id: 'food_and_drink', label: 'Food and Drink' },
  { id: 'gambling', label: 'Gambling' },
  { id: 'groceries', label: 'Groceries' },
  { id: 'shopping', label: 'Shopping' },
  { id: 'software', label: 'Software' },
  { id: 'transport', label: 'Transport' },
  { id: 'travel', label: 'Travel' },
] as const;
export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number]['id'];

/** The category id an issuer's label belongs to, or null when it is none of the list. */
export function merchantCategoryOf(label: string | null | undefined): MerchantCategory | null {
  const wanted = (label ?? '').trim().toLowerCase();
  return MERCHANT_CATEGORIES.find((category) => category.label.toLowerCase() === wanted)?.id ?? null;
}

/** The largest spending limit a card takes: more than any card can hold in a month, so it is a typing mistake. */
export const CARD_SPEND_LIMIT_MAX_CENTS = 1_000_000;
