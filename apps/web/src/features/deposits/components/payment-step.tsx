import { COPY_CONFIRMATION_MS, type Deposit, findCoin, formatCents } from '@coincard/shared';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { CoinIcon } from '../../../components/coin-icon';
import { networkName } from '../../../components/deposit-cells';
import { DepositStatusBadge } from '../../../components/deposit-status-badge';
import { IconCheck } from '../../../icons/IconCheck';
import { IconCopy } from '../../../icons/IconCopy';
import { IconExternalLink } from '../../../icons/IconExternalLink';
import { IconInfoCircle } from '../../../icons/IconInfoCircle';
import { useFollowedDeposit } from '../api/get-deposit';
import { PaymentOutcome } from './payment-outcome';

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

type PaymentStepProps = {
  deposit: Deposit;
  onClose: () => void;
  /** Told once the deposit is final (paid, expired or failed). */
  onFinal?: (status: Deposit['status']) => void;
  /** Starts a new top-up for the rest of an underpaid invoice (PAID_LESS). */
  onTopUpRest?: (cents: number) => void;
};

/**
 * Step 3 of Add Funds: what was ordered, and the payment link to copy or open. The status follows the deposit while
 * the person pays in another tab; once it is final the link gives way to what happened.
 */
export function PaymentStep({ deposit: created, onClose, onFinal, onTopUpRest }: PaymentStepProps) {
  const deposit = useFollowedDeposit(created);
  const isPending = deposit.status === 'PENDING';
  const canPay = isPending && deposit.paymentUrl !== null;
  const expiresAt = deposit.expiresAt ? new Date(deposit.expiresAt) : null;
  const summaryRef = useRef<HTMLDivElement>(null);

  // Continue is gone with the amount step: focus moves to the summary, which is read out first.
  useEffect(() => {
    summaryRef.current?.focus();
  }, []);

  useEffect(() => {
    if (deposit.status !== 'PENDING') onFinal?.(deposit.status);
  }, [deposit.status, onFinal]);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" ref={summaryRef} tabIndex={-1} aria-label="Payment summary">
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md" verticalSpacing="sm">
          <SummaryItem label="Amount">
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCents(deposit.amount)}
            </Text>
          </SummaryItem>
          <SummaryItem label="Coin">
            <Group gap={6} wrap="nowrap">
              <CoinIcon code={deposit.currency} size={20} />
              <Text fw={700} title={findCoin(deposit.currency)?.name}>
                {deposit.currency}
              </Text>
            </Group>
          </SummaryItem>
          <SummaryItem label="Network">
            <Text fw={700}>{networkName(deposit.network)}</Text>
          </SummaryItem>
          <SummaryItem label="Status">
            {/* Announced when it changes: the payment lands while the person is in another tab. */}
            <div role="status" aria-live="polite">
              <DepositStatusBadge status={deposit.status} />
            </div>
          </SummaryItem>
        </SimpleGrid>
      </Paper>
      <PaymentOutcome deposit={deposit} onTopUpRest={onTopUpRest} />
      {!isPending ? null : deposit.paymentUrl ? (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Payment link"
              value={deposit.paymentUrl}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={deposit.paymentUrl} timeout={COPY_CONFIRMATION_MS}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Pay {formatCents(deposit.amount)} in {deposit.currency} on {networkName(deposit.network)}
            {expiresAt
              ? ` before ${expiresAt.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`
              : ''}
            . Your balance updates by itself once the payment is confirmed.
          </Text>
        </>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          The payment link is not ready yet. Find this top-up in Recent Transactions in a moment.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant={canPay ? 'default' : 'filled'} onClick={onClose}>
          {isPending ? 'Close' : 'Done'}
        </Button>
        {canPay && deposit.paymentUrl ? (
          <Button
            component="a"
            href={deposit.paymentUrl}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            Pay Now
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
