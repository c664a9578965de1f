import { NARROW_SCREEN_PX, PAGINATION_SIBLINGS } from '@coincard/shared';
import { Button, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { useDepositsQuery } from '../api/get-deposits';
import { TopUpsList, TopUpsListSkeleton } from './top-ups-list';
import { TopUpsTable, TopUpsTableSkeleton } from './top-ups-table';

type RecentTopUpsProps = { onAddMoney: () => void };

/**
 * The user's own top-ups (the spec's "Recent Transactions" of the dashboard, not a card's history), 10 per page;
 * while one waits for payment the list keeps itself current.
 */
export function RecentTopUps({ onAddMoney }: RecentTopUpsProps) {
  const [page, setPage] = useState(1);
  const isNarrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX - 0.02}px)`) ?? false;
  const { data, isPending, isError, refetch, isPlaceholderData } = useDepositsQuery(page);
  const isWaiting = data?.transactions.some((deposit) => deposit.status === 'PENDING') ?? false;

  let body: ReactNode;
  if (isPending) {
    body = isNarrow ? <TopUpsListSkeleton /> : <TopUpsTableSkeleton />;
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
    body = isNarrow ? <TopUpsList deposits={data.transactions} /> : <TopUpsTable deposits={data.transactions} />;
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="recent-top-ups-title"
      aria-busy={isPending || isPlaceholderData}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id="recent-top-ups-title">
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
