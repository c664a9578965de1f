import { type Card, type CardOperation, type CardStatus, formatCents } from '@coincard/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconBan, IconCircleCheck, IconHourglassHigh, IconSnowflake, type TablerIcon } from '@tabler/icons-react';
import type { CardRibbon } from '../../../components/card-visual';
import { semanticColors } from '../../../theme';

type StatusLook = { label: string; color: string; icon: TablerIcon };

/** Active green, frozen and terminated red, pending amber; each with a word and an icon, never colour alone. */
export const CARD_STATUS_LOOKS: Record<CardStatus, StatusLook> = {
  active: { label: 'Active', color: semanticColors.success, icon: IconCircleCheck },
  frozen: { label: 'Frozen', color: semanticColors.danger, icon: IconSnowflake },
  terminated: { label: 'Terminated', color: semanticColors.danger, icon: IconBan },
  pending: { label: 'Being created', color: semanticColors.pending, icon: IconHourglassHigh },
};

export function CardStatusBadge({ status, size = 'md' }: { status: CardStatus; size?: BadgeProps['size'] }) {
  const look = CARD_STATUS_LOOKS[status];
  const Icon = look.icon;
  return (
    <Badge
      color={look.color}
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      leftSection={<Icon size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {look.label}
    </Badge>
  );
}

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
