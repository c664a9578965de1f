import { type Card, type CardOperation, formatCents } from '@coincard/shared';
import { CARD_STATUS_LOOKS } from '../../../components/card-status-badge';
import type { CardRibbon } from '../../../components/card-visual';

export { CARD_STATUS_LOOKS, CardStatusBadge } from '../../../components/card-status-badge';

/** The stamp on the card visual when the card cannot pay now. */
export function cardRibbon(card: Pick<Card, 'status'>): CardRibbon | null {
  if (card.status === 'frozen') return { label: 'Frozen', tone: 'danger' };
  if (card.status === 'terminated') return { label: 'Terminated', tone: 'danger' };
  if (card.status === 'pending') return { label: 'Being created', tone: 'pending' };
  return null;
}

/** "Loading $20.00", "Unloading $5.00": what a pending operation is doing, for the "in progress" line. */
export function describeOperation(operation: Pick<CardOperation, 'kind' | 'amount'>): string {
  const amount = formatCents(operation.amount);
  switch (operation.kind) {
    case 'fund':
      return `Loading ${amount}`;
    case 'unload':
      return `Unloading ${amount}`;
    case 'close':
      return `Returning ${amount} to your balance`;
    case 'fee':
      return `Monthly fee of ${amount}`;
  }
}

/** What screen readers hear for a card: its label, status, balance and last digits. */
export function describeCard(card: Pick<Card, 'name' | 'status' | 'balance' | 'last4Digits'>): string {
  const digits = card.last4Digits ? `number ending in ${card.last4Digits}` : 'number not issued yet';
  return `${card.name}, ${CARD_STATUS_LOOKS[card.status].label.toLowerCase()}, balance ${formatCents(card.balance)}, ${digits}`;
}
