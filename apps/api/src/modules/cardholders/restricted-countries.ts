import {
  type CardholderSubmission,
  DEFAULT_RESTRICTED_COUNTRIES,
  RESTRICTED_COUNTRIES_AS_OF,
  RESTRICTED_COUNTRIES_SOURCE,
  type RestrictedCountries,
} from '@coincard/shared';
import type { Config } from '../../config.js';

/** The configured list (RESTRICTED_COUNTRIES), with the source of the default it replaces or keeps. */
export function restrictedCountries(config: Pick<Config, 'RESTRICTED_COUNTRIES'>): RestrictedCountries {
  const countries = [...config.RESTRICTED_COUNTRIES].sort();
  const defaults = [...DEFAULT_RESTRICTED_COUNTRIES].sort();
  return {
    countries,
    source: RESTRICTED_COUNTRIES_SOURCE,
    asOf: RESTRICTED_COUNTRIES_AS_OF,
    isDefault: countries.join() === defaults.join(),
  };
}

export type Restriction = { field: 'address.country' | 'idCountry'; country: string; message: string };

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Why this person cannot be verified, if they cannot: they live in a restricted country, or their identity document
 * was issued by one. Checked before anything is stored or sent to the issuer.
 */
export function restrictionOf(
  config: Pick<Config, 'RESTRICTED_COUNTRIES'>,
  submission: Pick<CardholderSubmission, 'address' | 'idCountry'>,
): Restriction | null {
  const listed = new Set(config.RESTRICTED_COUNTRIES);
  const name = (code: string) => countryNames.of(code) ?? code;
  if (listed.has(submission.address.country)) {
    const country = submission.address.country;
    return {
      field: 'address.country',
      country,
      message: `We cannot offer cards to residents of ${name(country)}: it is on our list of restricted countries (${RESTRICTED_COUNTRIES_SOURCE}).`,
    };
  }
  if (listed.has(submission.idCountry)) {
    const country = submission.idCountry;
    return {
      field: 'idCountry',
      country,
      message: `We cannot accept identity documents issued by ${name(country)}: it is on our list of restricted countries (${RESTRICTED_COUNTRIES_SOURCE}).`,
    };
  }
  return null;
}
