/**
 * The rules of cardholder verification that are plain values (docs/decisions/029-cardholder-verification.md), apart
 * from its schemas: a page that only names a status or an ID type needs no zod (decision 040).
 */

/** Who a user is, checked by the card issuer before the first card. The user sees one of these statuses. */
export const CARDHOLDER_STATUSES = [
  'not_started',
  'pending',
  'approved',
  'rejected',
  'needs_more_information',
] as const;
export type CardholderStatus = (typeof CARDHOLDER_STATUSES)[number];

export const ID_TYPES = ['passport', 'national_id', 'drivers_license'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = {
  passport: 'Passport',
  national_id: 'National identity card',
  drivers_license: "Driver's licence",
};

/** Submissions a user may make before support has to look (an admin's request to verify again starts a new count). */
export const MAX_VERIFICATION_ATTEMPTS = 5;
export const MIN_CARDHOLDER_AGE = 18;
export const MAX_CARDHOLDER_AGE = 120;

/** Whole years between a YYYY-MM-DD date of birth and `today` (UTC). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
}

/** YYYY-MM-DD naming a day that exists (no 2001-02-29). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const CARDHOLDER_HISTORY_EVENTS = [
  'submitted',
  'approved',
  'rejected',
  'needs_more_information',
  'withdrawn',
  'reverify_requested',
] as const;
