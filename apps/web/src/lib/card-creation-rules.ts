import {
  CARD_CREATION_MIN_BALANCE_CENTS,
  type CardholderStatus,
  formatCents,
  MAX_CARDS_PER_USER,
  type User,
} from '@coincard/shared';

export type CardCreationCheck = {
  isAllowed: boolean;
  /** Each blocking rule as a sentence for the user. */
  reasons: string[];
  /** The first blocking rule in a few words, for small places such as the Create New Card tile. */
  shortReason: string | null;
  /** Where the user removes the first blocking rule, when it is a page of its own (the identity check). */
  action: { to: string; label: string } | null;
};

export const VERIFY_PATH = '/verify';

type Rule = { reason: string; short: string; action?: CardCreationCheck['action'] };

/** What the identity check still asks of a user without a cardholder (docs/product-rules.md, Cards). */
function verificationRule(status: CardholderStatus | null): Rule {
  switch (status) {
    case 'pending':
      return {
        reason: 'Our card issuer is checking your identity; you can create a card as soon as it approves you.',
        short: 'Identity check in progress…',
        action: { to: VERIFY_PATH, label: 'See your identity check' },
      };
    case 'rejected':
      return {
        reason: 'Your identity could not be verified. See why, then send your details again.',
        short: 'Your identity check needs you',
        action: { to: VERIFY_PATH, label: 'See why and try again' },
      };
    case 'needs_more_information':
      return {
        reason: 'Our card issuer needs more information to verify your identity.',
        short: 'Your identity check needs you',
        action: { to: VERIFY_PATH, label: 'Send more information' },
      };
    default:
      return {
        reason: 'Verify your identity to create cards: our card issuer must know who holds each card.',
        short: 'Verify your identity first',
        action: { to: VERIFY_PATH, label: 'Verify your identity' },
      };
  }
}

/**
 * Create Card is hidden with 3 cards, without an approved identity check (the cardholder), or at a balance of 1500
 * cents or less (docs/product-rules.md, Cards). Each blocking rule comes with the sentence that explains it to the
 * user. Shared by the dashboard's balance panel and the cards feature's Create New Card tile, so both say the same.
 * `verification` is the identity check's status when known (null while it loads or for a user with a cardholder).
 */
export function checkCardCreation(
  user: Pick<User, 'balance' | 'cardholderId' | 'verified'>,
  cardCount: number,
  verification: CardholderStatus | null = null,
): CardCreationCheck {
  const rules: Rule[] = [];
  if (cardCount >= MAX_CARDS_PER_USER) {
    rules.push({
      reason: `You already have the maximum of ${MAX_CARDS_PER_USER} cards.`,
      short: `You have the maximum of ${MAX_CARDS_PER_USER} cards`,
    });
  }
  if (!user.cardholderId) {
    rules.push(
      user.verified
        ? verificationRule(verification)
        : { reason: 'Verify your e-mail address to unlock card creation.', short: 'Verify your e-mail first' },
    );
  }
  if (user.balance <= CARD_CREATION_MIN_BALANCE_CENTS) {
    rules.push({
      reason: `You must deposit at least $${CARD_CREATION_MIN_BALANCE_CENTS / 100} before creating the card`,
      short: `Add money first: a card needs more than ${formatCents(CARD_CREATION_MIN_BALANCE_CENTS)}`,
    });
  }
  return {
    isAllowed: rules.length === 0,
    reasons: rules.map((rule) => rule.reason),
    shortReason: rules[0]?.short ?? null,
    action: rules.find((rule) => rule.action)?.action ?? null,
  };
}
