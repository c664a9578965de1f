import { PRODUCT_NAME } from '@coincard/shared';

/** Legal notices shown on public pages and in the app, worded once. */
export const RESTRICTED_COUNTRIES_NOTICE = `${PRODUCT_NAME} services are not available in certain restricted countries because of regulatory restrictions.`;

/** The legal pages, linked from the auth screens, the site footer, the account menu and the card page. */
export const LEGAL_LINKS = {
  terms: { to: '/terms', label: 'Terms of Service' },
  privacy: { to: '/privacy', label: 'Privacy Policy' },
} as const;

export const NOT_A_BANK_DISCLAIMER = `${PRODUCT_NAME} is not a bank. Cards are issued by our card-issuing partner; balances are not deposits and are not insured.`;
