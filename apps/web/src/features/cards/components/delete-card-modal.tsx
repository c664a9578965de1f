import { CARD_CREATION_FEE_CENTS, type Card, formatCents } from '@coincard/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '../../../icons/IconAlertTriangle';
import { useDeleteCardMutation } from '../api/delete-card';

type DeleteCardModalProps = { card: Card; opened: boolean; onClose: () => void };

/** Deleting is final: the confirmation names the card and the balance that goes back to the user. */
export function DeleteCardModal({ card, opened, onClose }: DeleteCardModalProps) {
  const remove = useDeleteCardMutation();
  const digits = card.last4Digits ? ` (•••• ${card.last4Digits})` : '';
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this card?" centered radius="lg">
      <Stack gap="md">
        <Text size="sm">
          <strong>{card.name}</strong>
          {digits} will be closed for good: purchases and subscriptions on it stop working.
        </Text>
        <Alert color={card.balance > 0 ? 'navy' : 'gray'} variant="light" p="xs">
          {card.balance > 0 ? (
            <>
              Its balance of <strong>{formatCents(card.balance)}</strong> returns to your account balance.
            </>
          ) : (
            'It holds no money, so nothing returns to your balance.'
          )}
        </Alert>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            This cannot be undone. A new card costs {formatCents(CARD_CREATION_FEE_CENTS)}.
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep card
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(card._id)}>
            Delete card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
