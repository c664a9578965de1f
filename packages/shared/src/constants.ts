/**
 * Business constants. The rules they encode: docs/product-rules.md, docs/money.md (Card rules) and docs/referrals.md.
 * Money is always in cents.
 */
export const PRODUCT_NAME = 'CoinCard';

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The only cookies the app sets, all SameSite=Strict; over HTTPS each takes the `__Host-` prefix. Named here so the
 * API that sets them and the privacy policy that lists them cannot drift apart. All are httpOnly except `marker`:
 * the web app reads it (value `1`, no secret, the session cookies' lifetime) to know whether a session might exist,
 * so a guest's page asks the server nothing.
 */
export const SESSION_COOKIE_NAMES = {
  access: 'accessToken',
  refresh: 'refreshToken',
  challenge: 'twoFactorChallenge',
  marker: 'signedIn',
  /** Long-lived: proves this browser signed in to an account before (the sign-in delay spares it; no new-device mail). */
  device: 'knownDevice',
} as const;
export const SECURE_COOKIE_PREFIX = '__Host-';

/** How long a step-up (password, code or passkey) lets a session reveal card details or make a large load. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;
/**
 * Loads a session may make without a step-up, per user over any 24 hours; a load beyond it asks for one, so a stolen
 * session cookie alone cannot move a balance onto a card (docs/decisions/027-account-takeover.md).
 */
export const LOADS_WITHOUT_STEP_UP_CENTS = 20_000;
export const LOADS_WITHOUT_STEP_UP_WINDOW_MS = 24 * 60 * 60 * 1000;
export const PASSKEY_NAME_MAX_LENGTH = 40;
export const MAX_PASSKEYS_PER_USER = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

export const MAX_CARDS_PER_USER = 3;
export const CARD_CREATION_FEE_CENTS = 1500;
export const MONTHLY_CARD_FEE_CENTS = 100;
export const CARD_CREATION_MIN_BALANCE_CENTS = 1500;
export const CARD_PIN_LENGTH = 4;
export const MONTHLY_CARD_LIMIT_CENTS = 500_000;
export const UNLOAD_COOLDOWN_MS = 5 * 60 * 1000;
export const CARD_MIN_REMAINING_CENTS = 100;
/** The smallest amount put on a card by a load, and taken off by an unload. */
export const CARD_MIN_LOAD_CENTS = 100;
export const CARD_MIN_UNLOAD_CENTS = 100;
export const CARD_LABEL_MAX_LENGTH = 32;
export const CARD_PIN_MAX = 9999;
export const CARD_TRANSACTIONS_PAGE_SIZE = 10;
/** How long revealed card details stay on screen before they are hidden again. */
export const CARD_SECRETS_VISIBLE_MS = 30_000;

export const DEPOSIT_MIN_CENTS = 1000;
export const DEPOSIT_MAX_CENTS = 1_000_000;
export const DEPOSIT_LIFETIME_SECONDS = 3600;

export const REFERRAL_LINK_MIN_BALANCE_CENTS = 5000;
export const REFERRAL_PAYOUT_MILESTONE_CENTS = 2500;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGINATION_SIBLINGS = 2;
export const TOAST_DURATION_MS = 5000;
export const COPY_CONFIRMATION_MS = 2000;
export const NARROW_SCREEN_PX = 768;

export const SUPPORT_EMAIL = 'support@coincard.app';

/**
 * Admin lists that can match most of a large table (the audit log, common top-up searches) stop counting here: the
 * total they report is then "at least this many", shown as "10,000+".
 */
export const LIST_COUNT_CAP = 10_000;
