import { type Deposit, formatCents } from '@coincard/shared';
import { Alert } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockX } from '@tabler/icons-react';

type PaymentOutcomeProps = { deposit: Deposit };

/** What a final invoice means for the balance, said in words once the payment (or its failure) has landed. */
export function PaymentOutcome({ deposit }: PaymentOutcomeProps) {
  switch (deposit.status) {
    case 'PENDING':
      return null;
    case 'PAID':
    case 'PAID_OVER':
    case 'PAID_LESS':
      return (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Payment received">
          {formatCents(deposit.amountPaid)} was added to your balance.
          {deposit.status === 'PAID_LESS' ? ' Less arrived than the invoice asked for; only what arrived counts.' : ''}
        </Alert>
      );
    case 'EXPIRED':
      return (
        <Alert color="gray" variant="light" icon={<IconClockX size={18} aria-hidden />} title="Invoice expired">
          No payment arrived in time and nothing was added. Close this and start a new top-up to try again.
        </Alert>
      );
    case 'FAILED':
      return (
        <Alert color="red" variant="light" icon={<IconCircleX size={18} aria-hidden />} title="Payment failed">
          Nothing was added to your balance. Close this and start a new top-up to try again.
        </Alert>
      );
  }
}
