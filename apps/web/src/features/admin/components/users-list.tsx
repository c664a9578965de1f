import type { User } from '@coincard/shared';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatDate, formatDateTime } from './format-date';
import { AccountStatusBadge, RoleBadge, VerifiedBadge } from './user-badges';
import classes from './users-list.module.css';
import { type UserDetailState, userDetailPath } from './users-table';

/** The narrow-screen layout (below 768px): each user as a stacked item that opens their details. */
export function UsersList({ users }: { users: readonly User[] }) {
  const state: UserDetailState = { usersSearch: useLocation().search };
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {users.map((user) => (
        <Stack component="li" key={user._id} gap={8} py="sm" px="xs" className={classes.item}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text component={Link} to={userDetailPath(user)} state={state} className={classes.link} size="sm" fw={600}>
              {user.email}
            </Text>
            <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
          <Group gap={6}>
            <RoleBadge role={user.role} />
            <VerifiedBadge verified={user.verified} />
            <AccountStatusBadge isSuspended={user.isSuspended} />
          </Group>
          <Text size="xs" c="dimmed">
            Created{' '}
            <time dateTime={user.createdAt} title={formatDateTime(user.createdAt)}>
              {formatDate(user.createdAt)}
            </time>
            {' · '}Updated{' '}
            <time dateTime={user.updatedAt} title={formatDateTime(user.updatedAt)}>
              {formatDate(user.updatedAt)}
            </time>
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

const SKELETON_ITEMS = ['a', 'b', 'c', 'd'];

export function UsersListSkeleton() {
  return (
    <Stack gap={0}>
      {SKELETON_ITEMS.map((item) => (
        <Stack key={item} gap={10} py="sm" px="xs">
          <Skeleton h={14} w="70%" />
          <Group gap={6}>
            <Skeleton h={20} w={56} radius="sm" />
            <Skeleton h={20} w={76} radius="sm" />
            <Skeleton h={20} w={64} radius="sm" />
          </Group>
          <Skeleton h={10} w={200} />
        </Stack>
      ))}
    </Stack>
  );
}
