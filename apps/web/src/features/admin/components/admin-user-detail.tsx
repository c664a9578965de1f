import { Anchor, Code, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconUserSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { AdminPageHeader } from './admin-page-header';
import type { UserDetailState } from './users-table';

type AdminUserDetailProps = { userId: string };

/** Back to the list as it was left (search and page), when the visitor came from it. */
function useUsersListPath(): string {
  const state = useLocation().state as Partial<UserDetailState> | null;
  const search = typeof state?.usersSearch === 'string' && state.usersSearch.startsWith('?') ? state.usersSearch : '';
  return `/users${search}`;
}

export function AdminUserDetail({ userId }: AdminUserDetailProps) {
  const usersListPath = useUsersListPath();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={usersListPath} size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Back to users
      </Anchor>
      <AdminPageHeader
        title="User details"
        description={
          <Text span size="sm">
            User id <Code>{userId}</Code>
          </Text>
        }
      />
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconUserSearch size={26} />}
          title="User statistics are not available yet"
          description="This page will show the account's card, revenue and referral figures, with the two-factor switch and the suspend control. Until then, the Users list shows each account's role, verification and status."
        />
      </Paper>
    </Stack>
  );
}
