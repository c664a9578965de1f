import type { User } from '@coincard/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertCircle } from '../../../icons/IconAlertCircle';
import { IconBan } from '../../../icons/IconBan';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconRosetteDiscountCheck } from '../../../icons/IconRosetteDiscountCheck';
import { IconShieldStar } from '../../../icons/IconShieldStar';
import { IconUser } from '../../../icons/IconUser';
import { semanticColors } from '../../../theme';

const look: BadgeProps = { variant: 'light', radius: 'sm', tt: 'none', size: 'md' };

/** Each badge has a word and an icon besides its colour, so colour is never the only signal. */
export function RoleBadge({ role }: Pick<User, 'role'>) {
  return role === 'admin' ? (
    <Badge {...look} color={semanticColors.primary} leftSection={<IconShieldStar size={14} aria-hidden />}>
      Admin
    </Badge>
  ) : (
    <Badge {...look} color="gray" leftSection={<IconUser size={14} aria-hidden />}>
      User
    </Badge>
  );
}

export function VerifiedBadge({ verified }: Pick<User, 'verified'>) {
  return verified ? (
    <Badge {...look} color={semanticColors.success} leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}>
      Verified
    </Badge>
  ) : (
    <Badge {...look} color={semanticColors.pending} leftSection={<IconAlertCircle size={14} aria-hidden />}>
      Not verified
    </Badge>
  );
}

export function AccountStatusBadge({ isSuspended }: Pick<User, 'isSuspended'>) {
  return isSuspended ? (
    <Badge {...look} color={semanticColors.danger} leftSection={<IconBan size={14} aria-hidden />}>
      Suspended
    </Badge>
  ) : (
    <Badge {...look} color={semanticColors.success} leftSection={<IconCircleCheck size={14} aria-hidden />}>
      Active
    </Badge>
  );
}
