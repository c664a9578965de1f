import type { Card } from '@coincard/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { needsStepUp } from '../../step-up/api/step-up';
import { StepUpPanel } from '../../step-up/components/step-up-panel';
import { useUpdateCardPinMutation } from '../api/update-card-pin';
import { isCompletePin, ThreeDsCodeInput } from './three-ds-code-input';

function CardPinForm({ card, onDone }: { card: Card; onDone: () => void }) {
  const hintId = useId();
  const [pin, setPin] = useState('');
  const [isAskingStepUp, setAskingStepUp] = useState(false);
  const update = useUpdateCardPinMutation();
  const isComplete = isCompletePin(pin);

  const send = () =>
    update.mutate(
      { cardId: card._id, pin: Number(pin) },
      {
        onSuccess: onDone,
        // A new code needs the person to confirm it is them; it is sent again once they have.
        onError: (error) => {
          if (needsStepUp(error)) setAskingStepUp(true);
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete || update.isPending) return;
    send();
  };

  if (isAskingStepUp) {
    return (
      <StepUpPanel
        reason="To change the 3DS code, confirm it is you. The new code is saved right after."
        onConfirmed={() => {
          setAskingStepUp(false);
          send();
        }}
        onCancel={() => setAskingStepUp(false)}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Online shops may ask for this code to confirm a payment with {card.name}. The old code stops working at once.
        </Text>
        <ThreeDsCodeInput label="New 3DS code" value={pin} onChange={setPin} />
        <Stack gap={4}>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!isComplete}
              loading={update.isPending}
              aria-describedby={isComplete ? undefined : hintId}
            >
              Save code
            </Button>
          </Group>
          {isComplete ? null : (
            <Text id={hintId} size="xs" c="dimmed" ta="right">
              Enter all 4 digits to save.
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}

type CardPinModalProps = { card: Card; opened: boolean; onClose: () => void };

/** A new 3DS code needs 4 digits; it is sent as a number (docs/product-rules.md, Cards). */
export function CardPinModal({ card, opened, onClose }: CardPinModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change 3DS code" centered radius="lg">
      <CardPinForm card={card} onDone={onClose} />
    </Modal>
  );
}
