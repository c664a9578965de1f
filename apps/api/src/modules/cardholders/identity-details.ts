import { type CardholderDetails, type CardholderSubmission, cardholderSubmissionSchema } from '@coincard/shared';
import type { SealedBox } from '../../lib/sealed-box.js';

/**
 * What is kept of a submission in the clear, and shown back: the name (it goes on the card), the year of birth, the
 * countries, the document type and the last four characters of its number. Never the full number or date of birth.
 */
export function maskDetails(submission: CardholderSubmission): CardholderDetails {
  return {
    firstName: submission.firstName,
    lastName: submission.lastName,
    birthYear: Number(submission.dateOfBirth.slice(0, 4)),
    country: submission.address.country,
    idType: submission.idType,
    idCountry: submission.idCountry,
    idNumberLast4: submission.idNumber.slice(-4),
  };
}

export function sealDetails(box: SealedBox, submission: CardholderSubmission): string {
  return box.seal(JSON.stringify(submission));
}

/** Opened only to hand the fields to the issuer; parsed again, so a row changed by hand cannot send garbage. */
export function openDetails(box: SealedBox, sealed: string): CardholderSubmission {
  return cardholderSubmissionSchema.parse(JSON.parse(box.open(sealed)));
}
