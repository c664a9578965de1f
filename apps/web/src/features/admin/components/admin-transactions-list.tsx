import type { Deposit } from '@coincard/shared';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { ProviderId } from './provider-id';

const itemStyle = { borderBottom: '1px solid var(--mantine-color-default-border)' } as const;

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The narrow-screen layout (below 768px): each deposit as a small stacked card. */
export function AdminTransactionsList({ deposits }: { deposits: readonly Deposit[] }) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {deposits.map((deposit, index) => (
        <Stack
          component="li"
          key={deposit._id}
          gap={6}
          py="sm"
          style={index < deposits.length - 1 ? itemStyle : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <CoinCell deposit={deposit} />
            <Stack gap={4} align="flex-end">
              <AmountCell deposit={deposit} />
              <DepositStatusBadge status={deposit.status} size="sm" />
            </Stack>
          </Group>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {deposit.email}
          </Text>
          <Line label="Date">
            <Text component="time" dateTime={deposit.createdAt} size="xs">
              {formatDepositDate(deposit)}
            </Text>
          </Line>
          <Line label="Amount paid">
            <AmountPaidCell deposit={deposit} />
          </Line>
          <Line label="Provider ID">
            <ProviderId id={deposit.transactionId} />
          </Line>
        </Stack>
      ))}
    </Stack>
  );
}

const SKELETON_ITEMS = ['a', 'b', 'c', 'd'];

export function AdminTransactionsListSkeleton() {
  return (
    <Stack gap={0}>
      {SKELETON_ITEMS.map((item) => (
        <Stack key={item} gap={8} py="sm" style={itemStyle}>
          <Group justify="space-between">
            <Skeleton h={24} w={100} />
            <Skeleton h={14} w={64} />
          </Group>
          <Skeleton h={12} w="60%" />
          <Skeleton h={10} w="100%" />
          <Skeleton h={10} w="100%" />
        </Stack>
      ))}
    </Stack>
  );
}
