import { z } from 'zod';
import {
  ageOn,
  CARDHOLDER_HISTORY_EVENTS,
  CARDHOLDER_STATUSES,
  ID_TYPES,
  isCalendarDate,
  MAX_CARDHOLDER_AGE,
  MIN_CARDHOLDER_AGE,
} from '../cardholder-rules.js';
import { isCountryCode } from '../countries.js';

const personName = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(50, `${label} must be at most 50 characters.`)
    .regex(
      /^\p{L}[\p{L}\p{M}'’. -]*$/u,
      `${label} may contain letters, spaces, hyphens and apostrophes only, as on your identity document.`,
    );

const countryCode = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .toUpperCase()
    .refine(isCountryCode, `${label} must be a country code such as GB or US (ISO 3166-1 alpha-2).`);

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const dateOfBirthSchema = z
  .string({ message: 'Date of birth is required.' })
  .trim()
  .superRefine((value, context) => {
    if (value === '') {
      context.addIssue({ code: 'custom', message: 'Date of birth is required.' });
      return;
    }
    if (!isCalendarDate(value)) {
      context.addIssue({ code: 'custom', message: 'Enter your date of birth as YYYY-MM-DD, e.g. 1990-04-23.' });
      return;
    }
    const age = ageOn(value, new Date());
    if (age < MIN_CARDHOLDER_AGE) {
      context.addIssue({
        code: 'custom',
        message: `You must be at least ${MIN_CARDHOLDER_AGE} years old to hold a card.`,
      });
    } else if (age > MAX_CARDHOLDER_AGE) {
      context.addIssue({ code: 'custom', message: 'Check the year of your date of birth.' });
    }
  });

/** E.164 after spaces, dots, dashes and brackets are taken out: "+44 20 7946 0958" is "+442079460958". */
export const phoneSchema = z
  .string({ message: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .max(40, 'Phone number is too long.')
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^\+[1-9]\d{7,14}$/,
        'Enter the number in international format: + and the country code, then the number, e.g. +44 20 7946 0958.',
      ),
  );

export const cardholderAddressSchema = z.object(
  {
    line1: requiredText('Address line 1', 100),
    line2: optionalText('Address line 2', 100),
    city: requiredText('City', 60),
    state: optionalText('State, province or region', 60),
    postalCode: z
      .string({ message: 'Postal code is required.' })
      .trim()
      .min(1, 'Postal code is required.')
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/,
        'Enter the postal code as written on your post (2 to 12 letters or digits).',
      )
      .transform((value) => value.toUpperCase()),
    country: countryCode('Country of residence'),
  },
  { message: 'Address is required.' },
);

/** POST /api/cardholder: the person as their identity document and their post know them. */
export const cardholderSubmissionSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  dateOfBirth: dateOfBirthSchema,
  phone: phoneSchema,
  address: cardholderAddressSchema,
  idType: z.enum(ID_TYPES, {
    message: 'Choose the type of identity document (passport, national_id or drivers_license).',
  }),
  idNumber: z
    .string({ message: 'Document number is required.' })
    .trim()
    .min(1, 'Document number is required.')
    .max(40, 'Document number is too long.')
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z0-9-]{4,30}$/, 'Enter the document number as printed: 4 to 30 letters, digits or hyphens.'),
    ),
  idCountry: countryCode('Issuing country'),
});
export type CardholderSubmission = z.output<typeof cardholderSubmissionSchema>;
export type CardholderSubmissionInput = z.input<typeof cardholderSubmissionSchema>;

/** What we keep and show back of a submission: never the full document number or date of birth. */
export const cardholderDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  birthYear: z.number().int(),
  country: z.string(),
  idType: z.enum(ID_TYPES),
  idCountry: z.string(),
  idNumberLast4: z.string(),
});
export type CardholderDetails = z.infer<typeof cardholderDetailsSchema>;

/** GET /api/cardholder (and the answer of POST). */
export const cardholderVerificationSchema = z.object({
  status: z.enum(CARDHOLDER_STATUSES),
  /** The issuer's reason for a refusal, or what support asked for. */
  reason: z.string().nullable(),
  attemptsLeft: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  details: cardholderDetailsSchema.nullable(),
});
export type CardholderVerification = z.infer<typeof cardholderVerificationSchema>;

/** GET /api/cardholder/restricted-countries: who cannot be verified, and why. */
export const restrictedCountriesSchema = z.object({
  countries: z.array(z.string()),
  source: z.string(),
  asOf: z.string(),
  /** False when the operator replaced the default list (RESTRICTED_COUNTRIES). */
  isDefault: z.boolean(),
});
export type RestrictedCountries = z.infer<typeof restrictedCountriesSchema>;

/** An admin's view: the status, dates and reasons, never a document number or a date of birth. */
export const adminCardholderSchema = z.object({
  status: z.enum(CARDHOLDER_STATUSES),
  reason: z.string().nullable(),
  attemptsLeft: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Verified before the verification step existed (a cardholder with no submission). */
  isLegacy: z.boolean(),
  history: z.array(
    z.object({
      _id: z.string(),
      event: z.enum(CARDHOLDER_HISTORY_EVENTS),
      at: z.string(),
      reason: z.string().nullable(),
      actor: z.object({ _id: z.string(), email: z.string() }).nullable(),
      details: z
        .object({ firstName: z.string(), lastName: z.string(), country: z.string(), idType: z.enum(ID_TYPES) })
        .nullable(),
    }),
  ),
});
export type AdminCardholder = z.infer<typeof adminCardholderSchema>;

export const reverifyCardholderBodySchema = z.object({
  reason: z
    .string({ message: 'Say why the user must verify again.' })
    .trim()
    .min(10, 'Say why the user must verify again (10 characters at least): the user reads it.')
    .max(300, 'The reason must be at most 300 characters.'),
});
