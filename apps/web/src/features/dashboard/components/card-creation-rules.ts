import { CARD_CREATION_MIN_BALANCE_CENTS, MAX_CARDS_PER_USER, type User } from '@coincard/shared';

/** Card issuing is not in the API yet; this flag switches Create Card on once it is (spec: "can be disabled by a flag"). */
export const IS_CARD_CREATION_LIVE = false;

export type CardCreationCheck = { isAllowed: boolean; reasons: string[] };

/**
 * Spec section 4: Create Card is hidden with 3 cards, without a cardholder, or at a balance of 1500 cents or less.
 * Each blocking rule comes with the sentence that explains it to the user.
 */
export function checkCardCreation(user: Pick<User, 'balance' | 'cardholderId' | 'verified'>, cardCount: number) {
  const reasons: string[] = [];
  if (cardCount >= MAX_CARDS_PER_USER) {
    reasons.push(`You already have the maximum of ${MAX_CARDS_PER_USER} cards.`);
  }
  if (!user.cardholderId) {
    reasons.push(
      user.verified
        ? 'Card issuing for your account is being set up; Create Card appears here as soon as it is ready.'
        : 'Verify your e-mail address to unlock card creation.',
    );
  }
  if (user.balance <= CARD_CREATION_MIN_BALANCE_CENTS) {
    reasons.push(`You must deposit at least $${CARD_CREATION_MIN_BALANCE_CENTS / 100} before creating the card`);
  }
  return { isAllowed: reasons.length === 0, reasons } satisfies CardCreationCheck;
}
