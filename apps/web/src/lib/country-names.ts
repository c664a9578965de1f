import { COUNTRY_CODES } from '@coincard/shared';

const names = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its ISO 3166-1 alpha-2 code ("GB" → "United Kingdom"); the code when unknown. */
export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as a select option, sorted by name. */
export const COUNTRY_OPTIONS: ReadonlyArray<{ value: string; label: string }> = COUNTRY_CODES.map((code) => ({
  value: code,
  label: countryName(code),
})).sort((a, b) => a.label.localeCompare(b.label, 'en'));
