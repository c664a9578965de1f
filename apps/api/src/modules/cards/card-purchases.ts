import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { type CardRow, cardAuthorizations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { audit } from '../audit/audit.js';
import { terminateCard } from './card-closing.service.js';
import { spendWindows } from './card-controls.service.js';
import { queueIssuerFreeze } from './card-issuer-state.js';

/**
 * What follows a purchase the issuer reports, in the transaction that records its money (decision 033):
 * - it counts against the card's limits: an issuer without an authorization hook never asked, so the purchase is
 *   added to the card's authorizations here (with the hook it is there already, under the same reference);
 * - a single-use card closes through the one close path (terminateCard): the rest of its balance returns to the
 *   account balance;
 * - without the hook, a card whose purchases reach its daily or monthly limit is frozen (`limit`) here and at the
 *   issuer, so the next purchase is declined: the one that reached the limit could not be refused.
 */
export async function afterPurchase(
  tx: Transaction,
  deps: Deps,
  card: CardRow,
  purchase: { reference: string; amountCents: number; description: string },
): Promise<void> {
  await tx
    .insert(cardAuthorizations)
    .values({
      id: uuidv7(),
      cardId: card.id,
      issuerReference: purchase.reference,
      amount: purchase.amountCents,
      merchant: purchase.description,
      category: null,
      approved: true,
      reason: null,
      source: 'purchase',
      createdAt: deps.now(),
    })
    .onConflictDoNothing({ target: [cardAuthorizations.cardId, cardAuthorizations.issuerReference] });
  if (!card.singleUse && !deps.issuer.authorizations) return freezeAtLimit(tx, deps, card);
  if (!card.singleUse) return;
  const [locked] = await tx.select().from(cards).where(eq(cards.id, card.id)).for('update');
  if (!locked || (locked.status !== 'active' && locked.status !== 'frozen')) return;
  const returned = await terminateCard(tx, deps, locked, deps.now());
  await audit(tx, {
    action: 'card.single_use_closed',
    actorId: null,
    targetUserId: locked.userId,
    ip: null,
    details: { cardId: locked.id, reference: purchase.reference, returned },
  });
}

/** The after-purchase freeze for an issuer that never asks (decision 033, Bridgecard). */
async function freezeAtLimit(tx: Transaction, deps: Deps, card: CardRow): Promise<void> {
  if (card.limitDaily === null && card.limitMonthly === null) return;
  const [locked] = await tx.select().from(cards).where(eq(cards.id, card.id)).for('update');
  if (locked?.status !== 'active') return;
  const windows = await spendWindows(tx, locked.id, deps.now());
  const reached =
    (locked.limitDaily !== null && windows.daySpent >= locked.limitDaily) ||
    (locked.limitMonthly !== null && windows.monthSpent >= locked.limitMonthly);
  if (!reached) return;
  await tx
    .update(cards)
    .set({ status: 'frozen', frozenReason: 'limit', updatedAt: deps.now() })
    .where(eq(cards.id, locked.id));
  await queueIssuerFreeze(tx, deps, locked.id);
  await audit(tx, {
    action: 'card.frozen',
    actorId: null,
    targetUserId: locked.userId,
    ip: null,
    details: { cardId: locked.id, reason: 'limit', daySpent: windows.daySpent, monthSpent: windows.monthSpent },
  });
}
