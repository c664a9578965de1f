import { PRODUCT_NAME } from '@coincard/shared';

export const RESTRICTED_COUNTRIES_NOTICE = `${PRODUCT_NAME} services are not available in certain restricted countries because of regulatory restrictions.`;

export const NOT_A_BANK_DISCLAIMER = `${PRODUCT_NAME} is not a bank. Cards are issued by our card-issuing partner; balances are not deposits and are not insured.`;

/** In-page sections of the landing page, in the order they appear. */
export const LANDING_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How it works' },
  { id: 'referrals', label: 'Referrals' },
] as const;

/** Height of the sticky landing header; sections keep this much room when scrolled to. */
export const HEADER_HEIGHT = 64;
