import type { CardStatus } from '@coincard/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import type { TablerIcon } from '../icons/create-icon';
import { IconBan } from '../icons/IconBan';
import { IconCircleCheck } from '../icons/IconCircleCheck';
import { IconHourglassHigh } from '../icons/IconHourglassHigh';
import { IconSnowflake } from '../icons/IconSnowflake';
import { semanticColors } from '../theme';

type StatusLook = { label: string; color: string; icon: TablerIcon };

/** Active green, frozen and terminated red, pending amber; each with a word and an icon, never colour alone. */
export const CARD_STATUS_LOOKS: Record<CardStatus, StatusLook> = {
  active: { label: 'Active', color: semanticColors.success, icon: IconCircleCheck },
  frozen: { label: 'Frozen', color: semanticColors.danger, icon: IconSnowflake },
  terminated: { label: 'Terminated', color: semanticColors.danger, icon: IconBan },
  pending: { label: 'Being created', color: semanticColors.pending, icon: IconHourglassHigh },
};

/** A card's status as a badge; shared by the user's card screens and the admin's view of a user's cards. */
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
