import { type Card, formatCents, MONTHLY_CARD_FEE_CENTS } from '@coincard/shared';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertTriangle } from '../../../icons/IconAlertTriangle';
import { IconHourglassHigh } from '../../../icons/IconHourglassHigh';
import { IconPlus } from '../../../icons/IconPlus';
import { IconSnowflake } from '../../../icons/IconSnowflake';
import { describeOperation } from './card-status';

/** Money on its way, one line each: "Loading $20.00 — in progress". The page refreshes itself until it arrives. */
export function PendingOperations({ card }: { card: Card }) {
  if (card.pendingOperations.length === 0) return null;
  return (
    <Stack gap={4} role="status" aria-label="Money in progress">
      {card.pendingOperations.map((operation) => (
        <Group key={operation._id} gap={8} wrap="nowrap">
          <Loader size={14} type="oval" color="yellow" aria-hidden />
          <Text size="sm">
            {describeOperation(operation)}
            <Text span c="dimmed" inherit>
              {' '}
              — in progress
            </Text>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

type CardNoticesProps = { card: Card; onAddMoney: () => void };

/** Why the card cannot be used right now, and what to do about it. */
export function CardNotices({ card, onAddMoney }: CardNoticesProps) {
  if (card.status === 'pending') {
    return (
      <Alert color="yellow" variant="light" icon={<IconHourglassHigh size={18} aria-hidden />} title="Being created">
        The card issuer is preparing this card. This page updates by itself as soon as it is ready.
      </Alert>
    );
  }
  if (card.status !== 'frozen') return null;
  if (card.frozenReason === 'unpaid_fee') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Monthly fee unpaid">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            This card was frozen because {formatCents(card.unpaidFees || MONTHLY_CARD_FEE_CENTS)} of monthly fees could
            not be paid from your balance or the card. Add money to your balance, then unfreeze the card: the fees are
            paid first.
          </Text>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAddMoney}>
            Add Money
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (card.frozenReason === 'admin') {
    return (
      <Alert color="red" variant="light" icon={<IconSnowflake size={18} aria-hidden />} title="Frozen by support">
        CoinCard support froze this card, so purchases are declined.{' '}
        <Anchor component={Link} to="/support" inherit>
          Contact support
        </Anchor>{' '}
        to find out why and to unfreeze it.
      </Alert>
    );
  }
  if (card.frozenReason === 'limit') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconSnowflake size={18} aria-hidden />}
        title="Spending limit reached"
      >
        This card reached a spending limit, so it was frozen: its card issuer cannot refuse a purchase for a limit.
        Unfreeze it when you want it to spend again; it freezes again if a purchase reaches the limit.
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="light" icon={<IconSnowflake size={18} aria-hidden />} title="Frozen">
      You froze this card. Purchases are declined until you unfreeze it; its balance stays on it.
    </Alert>
  );
}
