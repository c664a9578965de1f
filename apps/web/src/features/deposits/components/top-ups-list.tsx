import type { Deposit } from '@coincard/shared';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { AmountCell, AmountPaidCell, CoinCell, formatDepositDate } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { isPayable, PayLink } from './pay-link';

const itemStyle = { borderBottom: '1px solid var(--mantine-color-default-border)' } as const;

/** The narrow-screen layout (below 768px): each deposit as a small stacked card. */
export function TopUpsList({ deposits }: { deposits: readonly Deposit[] }) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {deposits.map((deposit, index) => (
        <Stack
          component="li"
          key={deposit._id}
          gap={8}
          py="sm"
          style={index < deposits.length - 1 ? itemStyle : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <CoinCell deposit={deposit} />
            <Stack gap={2} align="flex-end">
              <AmountCell deposit={deposit} />
              <DepositStatusBadge status={deposit.status} size="sm" />
            </Stack>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatDepositDate(deposit)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Amount paid
              </Text>
              <AmountPaidCell deposit={deposit} />
            </Group>
          </Group>
          {isPayable(deposit) ? (
            <Group justify="flex-end">
              <PayLink deposit={deposit} />
            </Group>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

const SKELETON_ITEMS = ['a', 'b', 'c'];

export function TopUpsListSkeleton() {
  return (
    <Stack gap={0} aria-busy="true">
      {SKELETON_ITEMS.map((item) => (
        <Stack key={item} gap={8} py="sm" style={itemStyle}>
          <Group justify="space-between">
            <Skeleton h={24} w={100} />
            <Skeleton h={14} w={64} />
          </Group>
          <Skeleton h={10} w={140} />
        </Stack>
      ))}
    </Stack>
  );
}
