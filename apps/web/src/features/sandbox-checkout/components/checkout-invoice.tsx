import { COPY_CONFIRMATION_MS, NETWORKS } from '@coincard/shared';
import { Badge, Button, Code, CopyButton, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CoinIcon } from '../../../components/coin-icon';
import { Logo } from '../../../components/logo';
import { IconCheck } from '../../../icons/IconCheck';
import { IconCopy } from '../../../icons/IconCopy';
import { formatCountdown } from '../../../lib/countdown';
import type { Checkout } from '../api/get-checkout';
import { formatUsd, statusLook } from './checkout-status';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

export const networkName = (code: string) => NETWORKS[code.toUpperCase() as keyof typeof NETWORKS] ?? code;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

type CheckoutInvoiceProps = { checkout: Checkout; secondsLeft: number };

/** The invoice as a crypto checkout shows it: merchant, amount in the coin and in USD, network, address, timer. */
export function CheckoutInvoice({ checkout, secondsLeft }: CheckoutInvoiceProps) {
  const status = statusLook(checkout.status);
  const isOpen = !checkout.isFinal && secondsLeft > 0;
  return (
    <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Logo size="sm" />
            <Badge color={status.color} variant="light" size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            Order {checkout.orderId}
          </Text>
        </Stack>
        <Divider />
        <Stack gap={4} align="center" ta="center">
          <Text size="sm" c="dimmed">
            {isOpen ? 'Amount to pay' : 'Invoice amount'}
          </Text>
          <Group gap="xs" wrap="nowrap" justify="center">
            <CoinIcon code={checkout.coin} size={34} />
            <Text fz={{ base: 24, sm: 30 }} fw={800} style={{ ...tabular, wordBreak: 'break-all' }}>
              {checkout.payerAmount} {checkout.coin}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" style={tabular}>
            {formatUsd(checkout.amountUsd)} USD
            {checkout.rate ? ` · 1 ${checkout.coin} = $${checkout.rate}` : ''}
          </Text>
        </Stack>
        <SimpleGrid cols={2} spacing="md">
          <Detail label="Network">
            <Text fw={600}>{networkName(checkout.network)}</Text>
          </Detail>
          <Detail label={isOpen ? 'Expires in' : 'Time left'}>
            <Text fw={600} style={tabular} role="timer">
              {checkout.isFinal ? 'Closed' : formatCountdown(secondsLeft)}
            </Text>
          </Detail>
        </SimpleGrid>
        <Detail label="Deposit address">
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', whiteSpace: 'normal' }} fz="sm">
              {checkout.address}
            </Code>
            <CopyButton value={checkout.address} timeout={COPY_CONFIRMATION_MS}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="sm"
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  aria-label={copied ? 'Address copied' : 'Copy address'}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Detail>
        {isOpen ? (
          <Text size="xs" c="dimmed">
            Send only {checkout.coin} on the {networkName(checkout.network)} network to this address. The exact amount
            above settles the invoice.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
