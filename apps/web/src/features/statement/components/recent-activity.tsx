import type { ActivityItem } from '@coincard/shared';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { IconPlus } from '../../../icons/IconPlus';
import { IconReceipt } from '../../../icons/IconReceipt';
import { useActivityQuery } from '../api/get-activity';
import { StatementTable } from './statement-table';

const LATEST = 5;

type LatestLinesProps = {
  lines: ActivityItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => unknown;
  isRefreshing: boolean;
  onAddMoney: () => void;
};

// Memoised: the section renders again when an answer lands, and the table only in the background render of the new
// answer (decision 040).
const LatestLines = memo(function LatestLines({
  lines,
  isLoading,
  isError,
  onRetry,
  isRefreshing,
  onAddMoney,
}: LatestLinesProps) {
  return (
    <StatementTable
      label="Your latest transactions"
      lines={lines}
      isLoading={isLoading}
      isError={isError}
      onRetry={() => void onRetry()}
      isRefreshing={isRefreshing}
      pagination={null}
      skeletonRows={LATEST}
      empty={
        <EmptyState
          icon={<IconReceipt size={26} />}
          title="No transactions yet"
          description="Add money with crypto; each top-up, card fee, load and purchase appears here, newest first."
          action={
            <Button mt="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddMoney}>
              Add Money
            </Button>
          }
        />
      }
    />
  );
});

/**
 * The dashboard's "Recent Transactions": the statement's latest lines (top-ups with their status and Pay link), and
 * the way to the whole statement. While a top-up waits for payment the list keeps itself current.
 */
export function RecentActivity({ onAddMoney }: { onAddMoney: () => void }) {
  const { data: latest, isError, refetch, isPlaceholderData } = useActivityQuery({ page: 1, pageSize: LATEST });
  const data = useDeferredValue(latest);
  const isPending = data === undefined && !isError;
  const isWaiting = data?.items.some((line) => line.status === 'pending') ?? false;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="recent-transactions-title"
      aria-busy={isPending || isPlaceholderData || data !== latest}
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
        <LatestLines
          lines={data?.items}
          isLoading={isPending}
          isError={isError}
          onRetry={refetch}
          isRefreshing={isPlaceholderData}
          onAddMoney={onAddMoney}
        />
        {data && data.meta.total > 0 ? (
          <Anchor component={Link} to="/statement" size="sm" fw={600} w="fit-content">
            View full statement{data.meta.total > LATEST ? ` (${data.meta.total} lines)` : ''}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
