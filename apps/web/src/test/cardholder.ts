import type { AdminCardholder, CardholderVerification } from '@coincard/shared';

export function makeVerification(overrides: Partial<CardholderVerification> = {}): CardholderVerification {
  return {
    status: 'not_started',
    reason: null,
    attemptsLeft: 5,
    submittedAt: null,
    decidedAt: null,
    details: null,
    ...overrides,
  };
}

export const ADA_DETAILS: NonNullable<CardholderVerification['details']> = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthYear: 1990,
  country: 'GB',
  idType: 'passport',
  idCountry: 'GB',
  idNumberLast4: '5678',
};

export function makeAdminCardholder(overrides: Partial<AdminCardholder> = {}): AdminCardholder {
  return {
    status: 'not_started',
    reason: null,
    attemptsLeft: 5,
    submittedAt: null,
    decidedAt: null,
    isLegacy: false,
    history: [],
    ...overrides,
  };
}
