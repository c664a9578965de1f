import type { DepositStatus } from '@coincard/shared';
import { Badge } from '@mantine/core';
import type { ComponentType } from 'react';
import { IconCircleCheck } from '../icons/IconCircleCheck';
import { IconCircleMinus } from '../icons/IconCircleMinus';
import { IconCirclePlus } from '../icons/IconCirclePlus';
import { IconCircleX } from '../icons/IconCircleX';
import { IconClockHour4 } from '../icons/IconClockHour4';
import { IconClockX } from '../icons/IconClockX';
import { semanticColors } from '../theme';

type StatusLook = { label: string; color: string; Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> };

/** Each status has a word and an icon besides its colour, so colour is never the only signal. */
export const DEPOSIT_STATUS_LOOK: Record<DepositStatus, StatusLook> = {
  PENDING: { label: 'Pending', color: semanticColors.pending, Icon: IconClockHour4 },
  PAID: { label: 'Paid', color: semanticColors.success, Icon: IconCircleCheck },
  PAID_OVER: { label: 'Paid over', color: semanticColors.accent, Icon: IconCirclePlus },
  PAID_LESS: { label: 'Paid less', color: 'orange', Icon: IconCircleMinus },
  EXPIRED: { label: 'Expired', color: 'gray', Icon: IconClockX },
  FAILED: { label: 'Failed', color: semanticColors.danger, Icon: IconCircleX },
};

type DepositStatusBadgeProps = { status: DepositStatus; size?: 'sm' | 'md' | 'lg' };

export function DepositStatusBadge({ status, size = 'md' }: DepositStatusBadgeProps) {
  const { label, color, Icon } = DEPOSIT_STATUS_LOOK[status];
  return (
    <Badge color={color} variant="light" size={size} radius="sm" tt="none" leftSection={<Icon size={14} aria-hidden />}>
      {label}
    </Badge>
  );
}
