import type { User } from '@coincard/shared';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type SkeletonCell, TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { formatDate, formatDateTime } from './format-date';
import { AccountStatusBadge, RoleBadge, VerifiedBadge } from './user-badges';
import classes from './users-table.module.css';

export const userDetailPath = (user: Pick<User, '_id'>) => `/users/${user._id}`;

/** Carried to the detail page so its "Back to users" returns to the same search and page. */
export type UserDetailState = { usersSearch: string };

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>E-mail</Table.Th>
        <Table.Th w={112}>Role</Table.Th>
        <Table.Th w={136}>Verified</Table.Th>
        <Table.Th w={128}>Status</Table.Th>
        <Table.Th w={124}>Created</Table.Th>
        <Table.Th w={124}>Updated</Table.Th>
        <Table.Th w={150}>
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function DateCell({ iso }: { iso: string }) {
  return (
    <Table.Td>
      <Text component="time" dateTime={iso} title={formatDateTime(iso)} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(iso)}
      </Text>
    </Table.Td>
  );
}

/** The wide layout, with fixed column widths so paging does not shift them. A whole row opens the user's details, by click or by Enter when it has focus. */
export function UsersTable({ users }: { users: readonly User[] }) {
  const navigate = useNavigate();
  const state: UserDetailState = { usersSearch: useLocation().search };
  const open = (user: User) => void navigate(userDetailPath(user), { state });
  const onRowClick = (event: MouseEvent, user: User) => {
    // The View Details link navigates by itself.
    if ((event.target as HTMLElement).closest('a, button')) return;
    open(user);
  };
  const onRowKeyDown = (event: KeyboardEvent, user: User) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(user);
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed">
        <Head />
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr
              key={user._id}
              className={classes.row}
              tabIndex={0}
              onClick={(event) => onRowClick(event, user)}
              onKeyDown={(event) => onRowKeyDown(event, user)}
            >
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <VerifiedBadge verified={user.verified} />
              </Table.Td>
              <Table.Td>
                <AccountStatusBadge isSuspended={user.isSuspended} />
              </Table.Td>
              <DateCell iso={user.createdAt} />
              <DateCell iso={user.updatedAt} />
              <Table.Td ta="right">
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_CELLS: SkeletonCell[] = [
  { column: 'email', w: 180, h: 12 },
  { column: 'role', w: 56, h: 20 },
  { column: 'verified', w: 76, h: 20 },
  { column: 'status', w: 64, h: 20 },
  { column: 'created', w: 84, h: 12 },
  { column: 'updated', w: 84, h: 12 },
  { column: 'action', w: 96, h: 12 },
];

/** Loading rows shaped like the table. */
export function UsersTableSkeleton() {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" layout="fixed">
        <Head />
        <TableSkeletonRows cells={SKELETON_CELLS} rows={6} />
      </Table>
    </Table.ScrollContainer>
  );
}
