import { Paper, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { AdminPageHeader } from './admin-page-header';

/** The admin dashboard before platform statistics exist: an honest empty state, no made-up figures. */
export function AdminDashboard() {
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Admin dashboard" description="Platform overview for CoinCard administrators." />
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconChartBar size={26} />}
          title="Platform figures arrive with the admin dashboard"
          description="Total users, cards, paid invoices, funds loaded, the top users and the last 7 days of activity will be shown here once the statistics service is switched on."
        />
      </Paper>
    </Stack>
  );
}
