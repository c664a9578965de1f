import type { User } from '@coincard/shared';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { type DataTableColumn, dataTableClasses } from '../../../components/data-table/data-table';
import { IconChevronRight } from '../../../icons/IconChevronRight';
import { formatDate, formatDateTime } from './format-date';
import { AccountStatusBadge, RoleBadge, VerifiedBadge } from './user-badges';

export const userDetailPath = (user: Pick<User, '_id'>) => `/users/${user._id}`;

/** Carried to the detail page so its "Back to users" returns to the same search and page. */
export type UserDetailState = { usersSearch: string };

function DateText({ iso }: { iso: string }) {
  return (
    <Text component="time" dateTime={iso} title={formatDateTime(iso)} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(iso)}
    </Text>
  );
}

/**
 * The users list's columns, with fixed widths so paging does not shift them. In the table a whole row opens the
 * user's details; on phones the e-mail is a link covering the item.
 */
export function usersColumns(state: UserDetailState): DataTableColumn<User>[] {
  return [
    {
      key: 'email',
      header: 'E-mail',
      render: (user) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      ),
      renderStacked: (user) => (
        <Text
          component={Link}
          to={userDetailPath(user)}
          state={state}
          className={dataTableClasses.coverLink}
          size="sm"
          fw={600}
        >
          {user.email}
        </Text>
      ),
      stacked: 'title',
      skeleton: { w: 180, h: 12 },
    },
    {
      key: 'role',
      header: 'Role',
      width: 112,
      render: (user) => <RoleBadge role={user.role} />,
      skeleton: { w: 56, h: 20 },
    },
    {
      key: 'verified',
      header: 'Verified',
      width: 136,
      render: (user) => <VerifiedBadge verified={user.verified} />,
      skeleton: { w: 76, h: 20 },
    },
    {
      key: 'status',
      header: 'Status',
      width: 128,
      render: (user) => <AccountStatusBadge isSuspended={user.isSuspended} />,
      skeleton: { w: 64, h: 20 },
    },
    {
      key: 'created',
      header: 'Created',
      width: 124,
      render: (user) => <DateText iso={user.createdAt} />,
      skeleton: { w: 84, h: 12 },
    },
    {
      key: 'updated',
      header: 'Updated',
      width: 124,
      render: (user) => <DateText iso={user.updatedAt} />,
      skeleton: { w: 84, h: 12 },
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 150,
      align: 'right',
      render: (user) => (
        <Button
          component={Link}
          to={userDetailPath(user)}
          state={state}
          variant="subtle"
          size="compact-sm"
          rightSection={<IconChevronRight size={14} aria-hidden />}
        >
          View Details<VisuallyHidden> for {user.email}</VisuallyHidden>
        </Button>
      ),
      stacked: 'hidden',
      skeleton: { w: 96, h: 12 },
    },
  ];
}
