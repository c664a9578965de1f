import { DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS, formatCents, parseDollarsToCents } from '@coincard/shared';

export const DEPOSIT_LIMITS_TEXT = `Min ${formatCents(DEPOSIT_MIN_CENTS)} · Max ${formatCents(DEPOSIT_MAX_CENTS)}`;

/** What is wrong with a typed USD amount, or null when it is fine (or still empty, so nothing to say yet). */
export function depositAmountError(text: string): string | null {
  if (!text.trim()) return null;
  const cents = parseDollarsToCents(text);
  if (cents === null) return 'Enter an amount in dollars, like 50 or 49.99.';
  if (cents < DEPOSIT_MIN_CENTS) return `The minimum top-up is ${formatCents(DEPOSIT_MIN_CENTS)}.`;
  if (cents > DEPOSIT_MAX_CENTS) return `The maximum top-up is ${formatCents(DEPOSIT_MAX_CENTS)}.`;
  return null;
}

/** The typed amount in cents when it is a valid top-up, else null. */
export function validDepositCents(text: string): number | null {
  if (!text.trim() || depositAmountError(text)) return null;
  return parseDollarsToCents(text);
}
