import { type Deposit, formatCents } from '@coincard/shared';
import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/** A deposit can still be paid while it is PENDING and its invoice has not run out. */
export function isPayable(deposit: Deposit, now = Date.now()): deposit is Deposit & { paymentUrl: string } {
  if (deposit.status !== 'PENDING' || !deposit.paymentUrl) return false;
  return deposit.expiresAt === null || Date.parse(deposit.expiresAt) > now;
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
