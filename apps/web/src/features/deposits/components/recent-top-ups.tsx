import type { Deposit } from '@coincard/shared';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { EmptyState } from '../../../components/empty-state';
import { useDepositsQuery } from '../api/get-deposits';
import { PayLink } from './pay-link';

type RecentTopUpsProps = { onAddMoney: () => void };

const COLUMNS: DataTableColumn<Deposit>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (deposit) => (
      <Text component="time" dateTime={deposit.createdAt} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDepositDate(deposit)}
      </Text>
    ),
    renderStacked: (deposit) => (
      <Text component="time" dateTime={deposit.createdAt} size="xs">
        {formatDepositDate(deposit)}
      </Text>
    ),
    skeleton: { w: 120, h: 12 },
  },
  {
    key: 'amount',
    header: 'Amount',
    render: (deposit) => <AmountCell deposit={deposit} />,
    stacked: 'aside',
    skeleton: { w: 64, h: 12 },
  },
  {
    key: 'paid',
    header: 'Amount paid',
    render: (deposit) => <AmountPaidCell deposit={deposit} />,
    skeleton: { w: 64, h: 12 },
  },
  {
    key: 'coin',
    header: 'Coin',
    render: (deposit) => <CoinCell deposit={deposit} />,
    stacked: 'title',
    skeleton: { w: 90, h: 24 },
  },
  {
    key: 'status',
    header: 'Status',
    render: (deposit) => <DepositStatusBadge status={deposit.status} />,
    renderStacked: (deposit) => <DepositStatusBadge status={deposit.status} size="sm" />,
    stacked: 'aside',
    skeleton: { w: 76, h: 20 },
  },
  {
    key: 'pay',
    header: 'Payment',
    hideHeader: true,
    align: 'right',
    render: (deposit) => <PayLink deposit={deposit} />,
    stacked: 'footer',
  },
];

/**
 * The user's own top-ups (the dashboard's "Recent Transactions", not a card's history), 10 per page;
 * while one waits for payment the list keeps itself current.
 */
export function RecentTopUps({ onAddMoney }: RecentTopUpsProps) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isPlaceholderData } = useDepositsQuery(page);
  const isWaiting = data?.transactions.some((deposit) => deposit.status === 'PENDING') ?? false;

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
        <DataTable
          label="Your top-ups"
          noun="transactions"
          columns={COLUMNS}
          rows={data?.transactions}
          rowKey={(deposit) => deposit._id}
          isLoading={isPending}
          isError={isError}
          onRetry={() => void refetch()}
          errorTitle="Transactions unavailable"
          isRefreshing={isPlaceholderData}
          minWidth={640}
          pagination={data ? { meta: data.meta, page, onChange: setPage } : null}
          empty={
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
          }
        />
      </Stack>
    </Paper>
  );
}
