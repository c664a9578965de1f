import { DEPOSIT_MIN_CENTS, type Deposit, formatCents } from '@coincard/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconCircleMinus } from '../../../icons/IconCircleMinus';
import { IconCircleX } from '../../../icons/IconCircleX';
import { IconClockX } from '../../../icons/IconClockX';
import { IconPlus } from '../../../icons/IconPlus';

type PaymentOutcomeProps = {
  deposit: Deposit;
  /** Starts a new top-up in the same coin and network for `cents` (the rest of an underpaid invoice). */
  onTopUpRest?: (cents: number) => void;
};

/**
 * The rest of an underpaid invoice as a new top-up: what is missing, or the smallest top-up when less is missing
 * (decision 035).
 */
export function restOfUnderpayment(deposit: Deposit): { missing: number; topUp: number } {
  const missing = Math.max(0, deposit.amount - deposit.amountPaid);
  return { missing, topUp: Math.max(missing, DEPOSIT_MIN_CENTS) };
}

/**
 * Paid less: what arrived is credited and the invoice is over (the provider's `wrong_amount` is final), so the rest
 * cannot be paid on it; a new top-up can bring it.
 */
function Underpaid({ deposit, onTopUpRest }: PaymentOutcomeProps) {
  const { missing, topUp } = restOfUnderpayment(deposit);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCircleMinus size={18} aria-hidden />}
      title="Paid less than the invoice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {formatCents(deposit.amountPaid)} of {formatCents(deposit.amount)} arrived and was added to your balance. This
          invoice is closed, so the missing {formatCents(missing)} cannot be paid on it: start a new top-up for the rest
          {topUp > missing ? ` (the smallest top-up is ${formatCents(DEPOSIT_MIN_CENTS)})` : ''}.
        </Text>
        {onTopUpRest ? (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onTopUpRest(topUp)}
          >
            Top up {formatCents(topUp)}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** What a final invoice means for the balance, said in words once the payment (or its failure) has landed. */
export function PaymentOutcome({ deposit, onTopUpRest }: PaymentOutcomeProps) {
  switch (deposit.status) {
    case 'PENDING':
      return null;
    case 'PAID_LESS':
      return <Underpaid deposit={deposit} onTopUpRest={onTopUpRest} />;
    case 'PAID':
    case 'PAID_OVER':
      return (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Payment received">
          {formatCents(deposit.amountPaid)} was added to your balance.
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
