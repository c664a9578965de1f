import { formatCents, MERCHANT_CATEGORIES, merchantCategoryOf } from '@coincard/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CardRow, cardAuthorizations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import type { AuthorizationRequest } from '../../providers/issuing/card-issuer.js';
import { firstMerchant, spendWindows } from './card-controls.service.js';
import { recordDecline } from './card-declines.js';

export type AuthorizationDecision = { approved: boolean; reason: string | null };

/** Why the card's controls refuse a purchase, in words for the owner; null when they allow it. */
async function refusalOf(tx: Executor, deps: Deps, card: CardRow, request: AuthorizationRequest) {
  if (card.status !== 'active') return card.status === 'frozen' ? 'Card is frozen' : 'Card is closed';
  if (card.singleUse && (await firstMerchant(tx, card.id)) !== null) {
    return 'This single-use card has already been used';
  }
  if (card.limitPerPurchase !== null && request.amountCents > card.limitPerPurchase) {
    return `Over the card's per-purchase limit of ${formatCents(card.limitPerPurchase)}`;
  }
  const category = merchantCategoryOf(request.category);
  if (category && card.blockedCategories.includes(category)) {
    const label = MERCHANT_CATEGORIES.find((entry) => entry.id === category)?.label ?? category;
    return `${label} purchases are blocked on this card`;
  }
  if (card.merchantLock) {
    const lockedTo = await firstMerchant(tx, card.id);
    if (lockedTo !== null && lockedTo !== request.merchant) return `This card is locked to ${lockedTo}`;
  }
  if (card.limitDaily === null && card.limitMonthly === null) return null;
  const windows = await spendWindows(tx, card.id, deps.now());
  if (card.limitDaily !== null && windows.daySpent + request.amountCents > card.limitDaily) {
    return `Over the card's daily limit: ${formatCents(Math.max(0, card.limitDaily - windows.daySpent))} left today`;
  }
  if (card.limitMonthly !== null && windows.monthSpent + request.amountCents > card.limitMonthly) {
    return `Over the card's monthly limit: ${formatCents(Math.max(0, card.limitMonthly - windows.monthSpent))} left this month`;
  }
  return null;
}

/**
 * Decides a purchase the issuer asks about (decision 033). The card row is locked for the decision, so two
 * authorizations on one card take turns and the second sees the first's amount in the spent totals: both cannot
 * pass a limit. The answer is recorded under the issuer's reference; asked again, the same answer comes back and
 * nothing counts twice. A decline is recorded for the card's history in the same transaction.
 */
export async function decideAuthorization(deps: Deps, request: AuthorizationRequest): Promise<AuthorizationDecision> {
  return deps.db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.issuer, deps.issuer.name), eq(cards.issuerCardId, request.cardId)))
      .for('update');
    if (!card) return { approved: false, reason: 'Unknown card' };
    const [earlier] = await tx
      .select()
      .from(cardAuthorizations)
      .where(and(eq(cardAuthorizations.cardId, card.id), eq(cardAuthorizations.issuerReference, request.reference)));
    if (earlier) return { approved: earlier.approved, reason: earlier.reason };
    const reason = await refusalOf(tx, deps, card, request);
    await tx.insert(cardAuthorizations).values({
      id: uuidv7(),
      cardId: card.id,
      issuerReference: request.reference,
      amount: request.amountCents,
      merchant: request.merchant,
      category: request.category,
      approved: reason === null,
      reason,
      source: 'authorization',
      createdAt: deps.now(),
    });
    if (reason !== null) {
      await recordDecline(
        tx,
        {
          cardId: card.id,
          amountCents: request.amountCents,
          merchant: request.merchant,
          category: request.category,
          reason,
          occurredAt: deps.now(),
          issuerReference: request.reference,
        },
        deps,
      );
    }
    deps.logger.info({ cardId: card.id, approved: reason === null, reason }, 'card authorization decided');
    return { approved: reason === null, reason };
  });
}
