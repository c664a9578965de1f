import { PRODUCT_NAME, RESTRICTED_COUNTRIES_SOURCE } from '@coincard/shared';

/**
 * Legal notices shown on public pages and in the app, worded once. The restricted-countries notice names the list's
 * source; RESTRICTED_COUNTRIES_LINK goes to the page that shows the list.
 */
export const RESTRICTED_COUNTRIES_NOTICE = `${PRODUCT_NAME} services are not available to residents of restricted countries, or with identity documents they issued: ${RESTRICTED_COUNTRIES_SOURCE}.`;

export const RESTRICTED_COUNTRIES_LINK = { to: '/restricted-countries', label: 'See the list of restricted countries' };

/** The legal pages, linked from the auth screens, the site footer, the account menu and the card page. */
export const LEGAL_LINKS = {
  terms: { to: '/terms', label: 'Terms of Service' },
  privacy: { to: '/privacy', label: 'Privacy Policy' },
} as const;

export const NOT_A_BANK_DISCLAIMER = `${PRODUCT_NAME} is not a bank. Cards are issued by our card-issuing partner; balances are not deposits and are not insured.`;
