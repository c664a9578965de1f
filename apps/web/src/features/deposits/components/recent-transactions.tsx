import { NARROW_SCREEN_PX, PAGINATION_SIBLINGS } from '@coincard/shared';
import { Button, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { useDepositsQuery } from '../api/get-deposits';
import { TransactionsList, TransactionsListSkeleton } from './transactions-list';
import { TransactionsTable, TransactionsTableSkeleton } from './transactions-table';

type RecentTransactionsProps = { onAddMoney: () => void };

/** The user's own top-ups, 10 per page; while one waits for payment the list keeps itself current. */
export function RecentTransactions({ onAddMoney }: RecentTransactionsProps) {
  const [page, setPage] = useState(1);
  const isNarrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX - 0.02}px)`) ?? false;
  const { data, isPending, isError, refetch, isPlaceholderData } = useDepositsQuery(page);
  const isWaiting = data?.transactions.some((deposit) => deposit.status === 'PENDING') ?? false;

  let body: ReactNode;
  if (isPending) {
    body = isNarrow ? <TransactionsListSkeleton /> : <TransactionsTableSkeleton />;
  } else if (isError) {
    body = <ErrorState title="Transactions unavailable" onRetry={() => void refetch()} />;
  } else if (data.transactions.length === 0) {
    body = (
      <EmptyState
        icon={<IconReceipt size={26} />}
        title="No transactions yet"
        description="Add money with crypto and each top-up appears here with its status, newest first."
        action={
          <Button mt="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddMoney}>
            Add Money
          </Button>
        }
      />
    );
  } else {
    body = isNarrow ? (
      <TransactionsList deposits={data.transactions} />
    ) : (
      <TransactionsTable deposits={data.transactions} />
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="recent-transactions-title"
      aria-busy={isPending || isPlaceholderData}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id="recent-transactions-title">
            Recent Transactions
          </Title>
          {isWaiting ? (
            <Group gap={6} wrap="nowrap">
              <Loader size={12} type="oval" aria-hidden />
              <Text size="xs" c="dimmed">
                Waiting for payment, updating automatically
              </Text>
            </Group>
          ) : null}
        </Group>
        {body}
        {data && data.meta.pages > 1 ? (
          <Group justify="center" mt="xs">
            <Pagination
              total={data.meta.pages}
              value={page}
              onChange={setPage}
              siblings={PAGINATION_SIBLINGS}
              size="sm"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              aria-label="Transactions pages"
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
