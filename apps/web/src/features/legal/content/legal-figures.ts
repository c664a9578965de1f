import {
  ACCESS_TOKEN_TTL_MS,
  CARD_MIN_LOAD_CENTS,
  CARD_MIN_UNLOAD_CENTS,
  CARD_PIN_LENGTH,
  CARD_SECRETS_VISIBLE_MS,
  COINS,
  MAX_VERIFICATION_ATTEMPTS,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  SUPPORT_EMAIL,
  VERIFICATION_TTL_MS,
} from '@coincard/shared';
import { formatWholeDollars, pricing } from '../../landing/content/pricing';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "30 seconds", "15 minutes", "24 hours", "30 days": a duration in the largest whole unit, for sentences. */
export function formatDuration(ms: number): string {
  const [unit, size] =
    ms % DAY_MS === 0 && ms >= 2 * DAY_MS
      ? ['day', DAY_MS]
      : ms % HOUR_MS === 0
        ? ['hour', HOUR_MS]
        : ms % MINUTE_MS === 0
          ? ['minute', MINUTE_MS]
          : ['second', 1000];
  const count = Math.round(ms / size);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Every number the legal pages quote, from the shared constants the API enforces (docs/product-rules.md, Fees and
 * limits), so the terms can never promise a fee or limit the product does not charge or apply.
 */
export const legalFigures = {
  ...pricing,
  coinCount: COINS.length,
  coinCodes: COINS.map((coin) => coin.code).join(', '),
  minLoad: formatWholeDollars(CARD_MIN_LOAD_CENTS),
  minUnload: formatWholeDollars(CARD_MIN_UNLOAD_CENTS),
  pinLength: CARD_PIN_LENGTH,
  verificationAttempts: MAX_VERIFICATION_ATTEMPTS,
  secretsVisible: formatDuration(CARD_SECRETS_VISIBLE_MS),
  accessSession: formatDuration(ACCESS_TOKEN_TTL_MS),
  refreshSession: formatDuration(REFRESH_TOKEN_TTL_MS),
  codeLifetime: formatDuration(OTP_TTL_MS),
  codeAttempts: OTP_MAX_ATTEMPTS,
  verificationLink: formatDuration(VERIFICATION_TTL_MS),
  resetLink: formatDuration(PASSWORD_RESET_TTL_MS),
  supportEmail: SUPPORT_EMAIL,
} as const;
