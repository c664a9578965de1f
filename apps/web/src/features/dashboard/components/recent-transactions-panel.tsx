import { Paper, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';

/** The user's own transactions; empty until deposits and card payments exist. */
export function RecentTransactionsPanel() {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="recent-transactions-title"
    >
      <Title order={2} size="h4" id="recent-transactions-title">
        Recent Transactions
      </Title>
      <EmptyState
        icon={<IconReceipt size={26} />}
        title="No transactions yet"
        description="Your crypto deposits and card payments will be listed here, newest first."
      />
    </Paper>
  );
}
