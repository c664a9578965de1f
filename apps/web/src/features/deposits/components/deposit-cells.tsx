import { type Deposit, formatCents, NETWORKS } from '@coincard/shared';
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { CoinIcon } from '../../../components/coin-icon';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const CREDITED = new Set(['PAID', 'PAID_OVER', 'PAID_LESS']);

export function formatDepositDate(deposit: Deposit): string {
  return dateTime.format(new Date(deposit.createdAt));
}

/** A deposit can still be paid while it is PENDING and its invoice has not run out. */
export function isPayable(deposit: Deposit, now = Date.now()): deposit is Deposit & { paymentUrl: string } {
  if (deposit.status !== 'PENDING' || !deposit.paymentUrl) return false;
  return deposit.expiresAt === null || Date.parse(deposit.expiresAt) > now;
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
  const network = NETWORKS[deposit.network as keyof typeof NETWORKS] ?? deposit.network;
  return (
    <Group gap="xs" wrap="nowrap">
      <CoinIcon code={deposit.currency} size={24} />
      <Stack gap={0}>
        <Text size="sm" fw={600} lh={1.3}>
          {deposit.currency}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {network}
        </Text>
      </Stack>
    </Group>
  );
}

export function PayLink({ deposit }: { deposit: Deposit }) {
  if (!isPayable(deposit)) return null;
  return (
    <Anchor href={deposit.paymentUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
      <Group gap={4} wrap="nowrap" component="span">
        Pay
        <VisuallyHidden>{` ${formatCents(deposit.amount)} in ${deposit.currency} (opens in a new tab)`}</VisuallyHidden>
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}
