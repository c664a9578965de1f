import type { CardholderStatus } from '@coincard/shared';

/** How an identity check's status is named and coloured, for the user's page and the admin console alike. */
export const CARDHOLDER_STATUS_LOOK: Record<CardholderStatus, { label: string; color: string }> = {
  not_started: { label: 'Not started', color: 'gray' },
  pending: { label: 'Checking', color: 'blue' },
  approved: { label: 'Verified', color: 'green' },
  rejected: { label: 'Not approved', color: 'red' },
  needs_more_information: { label: 'More information needed', color: 'yellow' },
};
