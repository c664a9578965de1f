import { type Card, formatCents } from '@coincard/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useFreezeCardMutation } from '../api/freeze-card';

type FreezeCardModalProps = { card: Card; opened: boolean; onClose: () => void };

/** Freezing asks first (docs/product-rules.md, Cards); unfreezing does not. */
export function FreezeCardModal({ card, opened, onClose }: FreezeCardModalProps) {
  const freeze = useFreezeCardMutation();
  return (
    <Modal opened={opened} onClose={onClose} title="Freeze this card?" centered radius="lg">
      <Stack gap="md">
        <Text size="sm">
          While <strong>{card.name}</strong> is frozen, every purchase with it is declined. Its balance of{' '}
          {formatCents(card.balance)} stays on the card, and you can unfreeze it at any time.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={freeze.isPending}
            onClick={() => freeze.mutate(card._id, { onSuccess: onClose })}
            data-autofocus
          >
            Freeze card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
