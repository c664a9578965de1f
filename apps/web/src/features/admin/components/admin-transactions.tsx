import { Paper, Stack } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { AdminPageHeader } from './admin-page-header';

export function AdminTransactions() {
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Transactions" description="All crypto deposits across the platform." />
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconArrowsExchange size={26} />}
          title="Platform transactions arrive with deposits"
          description="Every deposit with its amount, status, customer and dates will be listed here, searchable and paginated."
        />
      </Paper>
    </Stack>
  );
}
