import { formatCents, MERCHANT_CATEGORIES } from '@coincard/shared';
import type { Executor } from '../../db/client.js';
import type { CardRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { whereabouts } from '../../lib/whereabouts.js';
import type { CardUnlock } from '../alerts/alert-facts.js';
import { raiseAlert } from '../alerts/raise-alert.js';

/** The controls an owner sets with `PUT /api/cards/{id}/controls`, before or after a change. */
export type OwnerControls = {
  perPurchase: number | null;
  daily: number | null;
  monthly: number | null;
  merchantLock: boolean;
  blockedCategories: readonly string[];
};

const LIMITS = [
  ['perPurchase', 'per-purchase limit'],
  ['daily', 'daily limit'],
  ['monthly', 'monthly limit'],
] as const;

const categoryLabel = (id: string) => MERCHANT_CATEGORIES.find((category) => category.id === id)?.label ?? id;

const inWords = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What a change of controls loosens, in plain words for the owner's `card_unlocked` alert (decision 033): each change
 * that lets the card spend more, or somewhere, than it could before. Loosening is a limit raised or removed (a limit
 * added where there was none, or lowered, tightens), the merchant lock turned off, a blocked category allowed again.
 * Single-use is chosen at creation and is not among the controls a PUT changes, so it cannot be loosened here.
 * Empty when the change only tightens or changes nothing.
 */
export function loosenedControls(before: OwnerControls, after: OwnerControls): string[] {
  const loosened: string[] = [];
  for (const [field, name] of LIMITS) {
    const was = before[field];
    const now = after[field];
    if (was === null) continue;
    if (now === null) loosened.push(`the ${name} of ${formatCents(was)} was removed`);
    else if (now > was) loosened.push(`the ${name} was raised from ${formatCents(was)} to ${formatCents(now)}`);
  }
  if (before.merchantLock && !after.merchantLock) {
    loosened.push('the merchant lock was turned off, so the card can be used at any merchant');
  }
  const allowed = before.blockedCategories.filter((category) => !after.blockedCategories.includes(category));
  if (allowed.length > 0) {
    loosened.push(`${inWords(allowed.map(categoryLabel))} purchases are no longer blocked`);
  }
  return loosened;
}

/**
 * Tells the owner, in the caller's transaction, that their session let a card spend more (unfroze it or loosened its
 * controls): no step-up guards either (decision 033), so a mail that cannot be switched off does, and a stolen session
 * cannot quietly open a card up.
 */
export function alertCardUnlocked(
  deps: Deps,
  tx: Executor,
  card: Pick<CardRow, 'id' | 'userId' | 'name' | 'last4'>,
  change: CardUnlock,
  ctx: RequestContext,
): Promise<boolean> {
  return raiseAlert(deps, tx, {
    userId: card.userId,
    kind: 'card_unlocked',
    card: { id: card.id, name: card.name, last4: card.last4 },
    change,
    where: whereabouts(ctx),
    at: deps.now(),
  });
}
