import {
  CARD_MIN_REMAINING_CENTS,
  CARD_MIN_UNLOAD_CENTS,
  type Card,
  formatCents,
  parseDollarsToCents,
} from '@coincard/shared';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { IconClockPause } from '../../../icons/IconClockPause';
import { isOutcomeUnknown } from '../../../lib/api-client';
import { formatCountdown, useSecondsLeft } from '../../../lib/countdown';
import { useCurrentUser } from '../../../lib/current-user';
import { useUnloadCardMutation } from '../api/unload-card';
import { MoneySummary } from './money-summary';

function amountProblem(text: string, cents: number | null, most: number): string | null {
  if (!text.trim()) return null;
  if (cents === null) return 'Enter an amount in dollars, like 20 or 19.99.';
  if (cents < CARD_MIN_UNLOAD_CENTS) return `The smallest unload is ${formatCents(CARD_MIN_UNLOAD_CENTS)}.`;
  if (cents > most) {
    return `At least ${formatCents(CARD_MIN_REMAINING_CENTS)} must stay on the card: you can unload up to ${formatCents(most)}.`;
  }
  return null;
}

/** The cooldown as a live line: "You can unload again in 04:12." */
export function UnloadCooldown({ secondsLeft }: { secondsLeft: number }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconClockPause size={18} aria-hidden />} p="xs">
      You can unload again in{' '}
      <Text span fw={700} role="timer" aria-live="off" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCountdown(secondsLeft)}
      </Text>
      .
    </Alert>
  );
}

/** The Unload Money form: how much goes back to the balance, the two rules, and the cooldown while it runs. */
function UnloadMoneyForm({ card, onDone }: { card: Card; onDone: () => void }) {
  const hintId = useId();
  const [amountText, setAmountText] = useState('');
  const attemptKey = useRef<string | null>(null);
  const { data: user } = useCurrentUser();
  const unload = useUnloadCardMutation();
  const secondsLeft = useSecondsLeft(card.unloadAvailableAt);
  const isCoolingDown = secondsLeft > 0;

  const most = Math.max(0, card.balance - CARD_MIN_REMAINING_CENTS);
  const cents = parseDollarsToCents(amountText);
  const problem = amountProblem(amountText, cents, most);
  const amount = cents !== null && problem === null && amountText.trim() ? cents : null;
  const canConfirm = amount !== null && !isCoolingDown && !unload.isPending;
  const hint = isCoolingDown ? 'Wait for the countdown to end.' : amount === null ? 'Enter an amount to unload.' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canConfirm || amount === null) return;
    attemptKey.current ??= crypto.randomUUID();
    unload.mutate(
      { cardId: card._id, body: { amount }, idempotencyKey: attemptKey.current },
      {
        onSuccess: onDone,
        onError: (error) => {
          // No answer: the unload may have gone through; the same key answers it instead of unloading twice.
          if (!isOutcomeUnknown(error)) attemptKey.current = null;
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <List size="sm" spacing={4} c="dimmed">
          <List.Item>One withdrawal per card every 5 minutes.</List.Item>
          <List.Item>At least {formatCents(CARD_MIN_REMAINING_CENTS)} must remain on the card.</List.Item>
          <List.Item>No fee: the amount goes back to your balance.</List.Item>
        </List>
        {isCoolingDown ? <UnloadCooldown secondsLeft={secondsLeft} /> : null}
        <TextInput
          label="Amount to unload (USD)"
          description={`On the card: ${formatCents(card.balance)} · you can unload up to ${formatCents(most)}`}
          placeholder="20.00"
          inputMode="decimal"
          autoComplete="off"
          leftSection={<Text size="sm">$</Text>}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.currentTarget.value);
            attemptKey.current = null;
          }}
          error={problem}
          data-autofocus
        />
        {amount !== null ? (
          <MoneySummary
            label="Unload summary"
            lines={[
              { label: 'Back to your balance', value: formatCents(amount), isStrong: true },
              { label: 'Left on the card', value: formatCents(card.balance - amount) },
              ...(user ? [{ label: 'Balance after', value: formatCents(user.balance + amount) }] : []),
            ]}
          />
        ) : null}
        <Stack gap={4}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!canConfirm}
              loading={unload.isPending}
              aria-describedby={hint ? hintId : undefined}
            >
              {amount === null ? 'Unload' : `Unload ${formatCents(amount)}`}
            </Button>
          </Group>
          {hint ? (
            <Text id={hintId} size="xs" c="dimmed" ta="right">
              {hint}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}

type UnloadMoneyModalProps = { card: Card; opened: boolean; onClose: () => void };

export function UnloadMoneyModal({ card, opened, onClose }: UnloadMoneyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Unload money from ${card.name}`} centered radius="lg">
      <UnloadMoneyForm card={card} onDone={onClose} />
    </Modal>
  );
}
