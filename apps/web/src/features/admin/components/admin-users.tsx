import { Paper, Stack } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { AdminPageHeader } from './admin-page-header';

export function AdminUsers() {
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Users" description="Every CoinCard account, searchable by e-mail or id." />
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconUsers size={26} />}
          title="The user list arrives with user management"
          description="Accounts with their role, verification status and dates will be listed here, 10 per page, with a link to each user's details."
        />
      </Paper>
    </Stack>
  );
}
