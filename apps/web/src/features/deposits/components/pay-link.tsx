import { type Deposit, formatCents } from '@coincard/shared';
import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '../../../icons/IconExternalLink';

/** What a Pay link needs to know of a top-up (a deposit, or a statement line's top-up). */
type Payable = Pick<Deposit, 'status' | 'paymentUrl' | 'expiresAt' | 'amount' | 'currency'>;

/** A deposit can still be paid while it is PENDING and its invoice has not run out. */
export function isPayable<T extends Payable>(deposit: T, now = Date.now()): deposit is T & { paymentUrl: string } {
  if (deposit.status !== 'PENDING' || !deposit.paymentUrl) return false;
  return deposit.expiresAt === null || Date.parse(deposit.expiresAt) > now;
}

export function PayLink({ deposit }: { deposit: Payable }) {
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
