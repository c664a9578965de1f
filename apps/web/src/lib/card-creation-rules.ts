import { CARD_CREATION_MIN_BALANCE_CENTS, formatCents, MAX_CARDS_PER_USER, type User } from '@coincard/shared';

export type CardCreationCheck = {
  isAllowed: boolean;
  /** Each blocking rule as a sentence for the user. */
  reasons: string[];
  /** The first blocking rule in a few words, for small places such as the Create New Card tile. */
  shortReason: string | null;
};

/**
 * Create Card is hidden with 3 cards, without a cardholder, or at a balance of 1500 cents or less
 * (docs/product-rules.md, Cards).
 * Each blocking rule comes with the sentence that explains it to the user. Shared by the dashboard's balance panel
 * and the cards feature's Create New Card tile, so both say the same.
 */
export function checkCardCreation(
  user: Pick<User, 'balance' | 'cardholderId' | 'verified'>,
  cardCount: number,
): CardCreationCheck {
  const rules: { reason: string; short: string }[] = [];
  if (cardCount >= MAX_CARDS_PER_USER) {
    rules.push({
      reason: `You already have the maximum of ${MAX_CARDS_PER_USER} cards.`,
      short: `You have the maximum of ${MAX_CARDS_PER_USER} cards`,
    });
  }
  if (!user.cardholderId) {
    rules.push(
      user.verified
        ? {
            reason: 'Card issuing for your account is being set up; Create Card appears here as soon as it is ready.',
            short: 'Card issuing is being set up…',
          }
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
  };
}
