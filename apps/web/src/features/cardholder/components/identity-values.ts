import {
  type CardholderDetails,
  type CardholderSubmissionInput,
  cardholderSubmissionSchema,
  type IdType,
  RESTRICTED_COUNTRIES_SOURCE,
} from '@coincard/shared';
import { countryName } from '../../../lib/country-names';

/** What the identity form holds: text as typed (the server reads the same schema). */
export type IdentityValues = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string | null };
  idType: IdType | '';
  idNumber: string;
  idCountry: string | null;
};

export const EMPTY_IDENTITY: IdentityValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  address: { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' },
  idType: '',
  idNumber: '',
  idCountry: '',
};

/**
 * A fresh form after a decision: what we kept in the clear (name, countries, document type) is filled in again; the
 * rest was never kept, so the person types it again.
 */
export function valuesFromDetails(details: CardholderDetails | null): IdentityValues {
  if (!details) return EMPTY_IDENTITY;
  return {
    ...EMPTY_IDENTITY,
    firstName: details.firstName,
    lastName: details.lastName,
    address: { ...EMPTY_IDENTITY.address, country: details.country },
    idType: details.idType,
    idCountry: details.idCountry,
  };
}

/** A cleared select holds null: it is sent (and checked) as an empty answer. */
export function toSubmission(values: IdentityValues): CardholderSubmissionInput {
  return {
    ...values,
    idType: values.idType as IdType,
    idCountry: values.idCountry ?? '',
    address: {
      ...values.address,
      country: values.address.country ?? '',
      line2: values.address.line2 || undefined,
      state: values.address.state || undefined,
    },
  };
}

/**
 * The form's errors by field path ("address.city"), from the same schema the server applies, and the restricted
 * countries the server would refuse: the person hears about both before anything is sent.
 */
export function validateIdentity(values: IdentityValues, restricted: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = cardholderSubmissionSchema.safeParse(toSubmission(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  const residence = (values.address.country ?? '').toUpperCase();
  if (!errors['address.country'] && restricted.includes(residence)) {
    errors['address.country'] =
      `We cannot offer cards to residents of ${countryName(residence)}: it is on our list of restricted countries (${RESTRICTED_COUNTRIES_SOURCE}).`;
  }
  const issuer = (values.idCountry ?? '').toUpperCase();
  if (!errors.idCountry && restricted.includes(issuer)) {
    errors.idCountry = `We cannot accept identity documents issued by ${countryName(issuer)}: it is on our list of restricted countries.`;
  }
  return errors;
}
