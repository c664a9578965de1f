import { type Deposit, formatCents, NETWORKS } from '@coincard/shared';
import { Group, Stack, Text } from '@mantine/core';
import { CoinIcon } from './coin-icon';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const CREDITED = new Set(['PAID', 'PAID_OVER', 'PAID_LESS']);

export function formatDepositDate(deposit: Deposit): string {
  return dateTime.format(new Date(deposit.createdAt));
}

export function networkName(code: string): string {
  return NETWORKS[code as keyof typeof NETWORKS] ?? code;
}

export function AmountCell({ deposit }: { deposit: Deposit }) {
  return (
    <Text size="sm" fw={600} style={tabular}>
      {formatCents(deposit.amount)}
    </Text>
  );
}

/** What reached the balance: green with a plus once credited, a dash while nothing was paid. */
export function AmountPaidCell({ deposit }: { deposit: Deposit }) {
  if (!CREDITED.has(deposit.status)) {
    return (
      <Text size="sm" c="dimmed" aria-label="Nothing paid">
        —
      </Text>
    );
  }
  return (
    <Text size="sm" fw={600} c="green" style={tabular}>
      {formatCents(deposit.amountPaid, 'always')}
    </Text>
  );
}

export function CoinCell({ deposit }: { deposit: Deposit }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <CoinIcon code={deposit.currency} size={24} />
      <Stack gap={0}>
        <Text size="sm" fw={600} lh={1.3}>
          {deposit.currency}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {networkName(deposit.network)}
        </Text>
      </Stack>
    </Group>
  );
}
