import {
  CARD_CREATION_FEE_CENTS,
  CARD_LABEL_MAX_LENGTH,
  type CreateCardResponse,
  formatCents,
  MONTHLY_CARD_FEE_CENTS,
} from '@coincard/shared';
import { Button, Group, Modal, Paper, Stack, Switch, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { IconConfetti } from '../../../icons/IconConfetti';
import { isOutcomeUnknown } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCreateCardMutation } from '../api/create-card';
import { isCompletePin, ThreeDsCodeInput } from './three-ds-code-input';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

function CostLine({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500} style={tabular}>
        {value}
      </Text>
    </Group>
  );
}

type CreateCardFormProps = { balance: number; onCreated: (result: CreateCardResponse) => void; onCancel: () => void };

/** Label and 3DS code; the $15 cost and the balance after it are spelled out before the user confirms. */
function CreateCardForm({ balance, onCreated, onCancel }: CreateCardFormProps) {
  const hintId = useId();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [singleUse, setSingleUse] = useState(false);
  // One key per attempt: a double click creates one card; any change starts a new attempt.
  const attemptKey = useRef<string | null>(null);
  const create = useCreateCardMutation();
  const label = name.trim();
  const canSubmit = label.length > 0 && isCompletePin(pin);
  const missing = [label.length === 0 ? 'a label' : null, isCompletePin(pin) ? null : 'a 4-digit 3DS code'].filter(
    (part) => part !== null,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || create.isPending) return;
    attemptKey.current ??= crypto.randomUUID();
    create.mutate(
      { body: { name: label, pin: Number(pin), singleUse }, idempotencyKey: attemptKey.current },
      {
        onSuccess: onCreated,
        onError: (error) => {
          // No answer: the card may exist; trying again with the same key answers it instead of making a second.
          if (!isOutcomeUnknown(error)) attemptKey.current = null;
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Card label"
          description="Helps you tell your cards apart, e.g. Subscriptions or Travel."
          placeholder="Everyday"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            attemptKey.current = null;
          }}
          maxLength={CARD_LABEL_MAX_LENGTH}
          autoComplete="off"
          required
          data-autofocus
        />
        <ThreeDsCodeInput
          label="3DS code"
          description="4 digits you enter when an online shop asks you to confirm a payment."
          value={pin}
          onChange={(value) => {
            setPin(value);
            attemptKey.current = null;
          }}
        />
        <Switch
          label="Single-use card"
          description="Closes after its first purchase; what is left on it returns to your balance."
          checked={singleUse}
          onChange={(event) => {
            setSingleUse(event.currentTarget.checked);
            attemptKey.current = null;
          }}
        />
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Stack gap={6}>
            <CostLine label="Card creation fee" value={formatCents(CARD_CREATION_FEE_CENTS)} />
            <CostLine label="Your balance now" value={formatCents(balance)} />
            <CostLine label="Balance after" value={formatCents(balance - CARD_CREATION_FEE_CENTS)} isStrong />
            <Text size="xs" c="dimmed">
              One-time fee, taken from your balance; it includes the first month. Then{' '}
              {formatCents(MONTHLY_CARD_FEE_CENTS)} a month.
            </Text>
          </Stack>
        </Paper>
        <Stack gap={4}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!canSubmit}
              loading={create.isPending}
              aria-describedby={canSubmit ? undefined : hintId}
            >
              Create card · {formatCents(CARD_CREATION_FEE_CENTS)}
            </Button>
          </Group>
          {canSubmit ? null : (
            <Text id={hintId} size="xs" c="dimmed" ta="right">
              Enter {missing.join(' and ')} to continue.
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}

function RewardModal({ reward, onClose }: { reward: number | null; onClose: () => void }) {
  return (
    <Modal opened={reward !== null} onClose={onClose} title="Congratulations!" centered radius="lg">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={60} radius="xl" variant="light" color="green" aria-hidden>
          <IconConfetti size={32} />
        </ThemeIcon>
        <Title order={3} size="h2" style={tabular}>
          {formatCents(reward ?? 0)}
        </Title>
        <Text>Your card is ready, and your referral reward has been added to your balance.</Text>
        <Button onClick={onClose} fullWidth mt="xs">
          Great
        </Button>
      </Stack>
    </Modal>
  );
}

type CreateCardModalProps = { opened: boolean; onClose: () => void; balance: number };

/**
 * After creating (docs/product-rules.md, Cards), a reward above 0 shows a congratulations modal with the reward;
 * otherwise a success toast with the server's message. The form closes either way (and forgets what was typed).
 */
export function CreateCardModal({ opened, onClose, balance }: CreateCardModalProps) {
  const [reward, setReward] = useState<number | null>(null);
  const created = (result: CreateCardResponse) => {
    if (result.reward > 0) setReward(result.reward);
    else notifySuccess(result.message, 'Card created');
    onClose();
  };
  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Create a new card" centered radius="lg" size="md">
        <CreateCardForm balance={balance} onCreated={created} onCancel={onClose} />
      </Modal>
      <RewardModal reward={reward} onClose={() => setReward(null)} />
    </>
  );
}
