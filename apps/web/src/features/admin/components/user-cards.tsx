import type { AdminCard } from '@coincard/shared';
import { formatCents } from '@coincard/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CardStatusBadge } from '../../../components/card-status-badge';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconCreditCardOff } from '../../../icons/IconCreditCardOff';
import { IconSnowflake } from '../../../icons/IconSnowflake';
import { IconSun } from '../../../icons/IconSun';
import { type CardBlockAction, useCardBlockMutation } from '../api/freeze-user-card';
import { useUserCardsQuery } from '../api/get-user-cards';
import { formatDate, formatDateTime } from './format-date';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

const FROZEN_BY: Record<NonNullable<AdminCard['frozenReason']>, string> = {
  admin: 'Frozen by support',
  user: 'Frozen by the user',
  unpaid_fee: 'Frozen for an unpaid monthly fee',
  limit: 'Frozen at its spending limit',
};

function cardName(card: AdminCard): string {
  return card.last4Digits ? `${card.name} •••• ${card.last4Digits}` : card.name;
}

/** What support can do with a card: freeze an active one, lift its own block; otherwise why not. */
function CardAction({
  card,
  onFreeze,
  onUnfreeze,
  isBusy,
}: {
  card: AdminCard;
  onFreeze: () => void;
  onUnfreeze: () => void;
  isBusy: boolean;
}) {
  // A card its owner froze can be frozen by support too, so the owner cannot unfreeze it.
  if (
    card.status === 'active' ||
    (card.status === 'frozen' && (card.frozenReason === 'user' || card.frozenReason === 'limit'))
  ) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconSnowflake size={14} aria-hidden />}
        onClick={onFreeze}
        aria-label={`Freeze ${cardName(card)}`}
      >
        Freeze
      </Button>
    );
  }
  if (card.status === 'frozen' && card.frozenReason === 'admin') {
    return (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconSun size={14} aria-hidden />}
        onClick={onUnfreeze}
        loading={isBusy}
        aria-label={`Unfreeze ${cardName(card)}`}
      >
        Unfreeze
      </Button>
    );
  }
  let reason = 'No action while the card is being created';
  if (card.status === 'terminated') reason = 'Deleted; kept for history';
  if (card.status === 'frozen' && card.frozenReason === 'unpaid_fee') reason = 'Unfreezes once the fee is paid';
  return (
    <Text size="xs" c="dimmed">
      {reason}
    </Text>
  );
}

function FreezeConfirm({
  card,
  opened,
  onClose,
  onConfirm,
  isPending,
}: {
  card: AdminCard | null;
  opened: boolean;
  onClose: () => void;
  onConfirm: (card: AdminCard) => void;
  isPending: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Freeze this card?" centered radius="lg">
      {card ? (
        <Stack gap="md">
          <Text size="sm">
            {card.status === 'frozen' ? 'Its owner froze this card. ' : null}While <strong>{cardName(card)}</strong> is
            frozen by support, every purchase with it is declined and the user cannot unfreeze it. Its balance of{' '}
            {formatCents(card.balance)} stays on the card. The freeze is recorded in the audit log.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" loading={isPending} onClick={() => onConfirm(card)} data-autofocus>
              Freeze card
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Every card the user ever had, with Freeze (after a confirmation) and Unfreeze of a support block. */
export function UserCards({ userId }: { userId: string }) {
  const query = useUserCardsQuery(userId);
  const block = useCardBlockMutation(userId);
  // The card stays set while the dialog closes, so its text does not vanish mid-transition.
  const [toFreeze, setToFreeze] = useState<AdminCard | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const run = (card: AdminCard, action: CardBlockAction, onDone?: () => void) =>
    block.mutate({ cardId: card._id, action }, { onSuccess: onDone });
  const busyCardId = block.isPending ? block.variables?.cardId : undefined;

  const columns: DataTableColumn<AdminCard>[] = [
    {
      key: 'card',
      header: 'Card',
      render: (card) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {card.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {card.last4Digits ? `•••• ${card.last4Digits}` : 'Number not issued yet'}
          </Text>
        </Stack>
      ),
      stacked: 'title',
      skeleton: { w: 120, h: 12 },
    },
    {
      key: 'status',
      header: 'Status',
      width: 200,
      render: (card) => (
        <Stack gap={2} align="flex-start">
          <CardStatusBadge status={card.status} size="sm" />
          {card.status === 'frozen' && card.frozenReason ? (
            <Text size="xs" c="dimmed">
              {FROZEN_BY[card.frozenReason]}
            </Text>
          ) : null}
        </Stack>
      ),
      stacked: 'aside',
      skeleton: { w: 72, h: 20 },
    },
    {
      key: 'balance',
      header: 'Balance',
      width: 110,
      align: 'right',
      render: (card) => (
        <Text size="sm" fw={600} style={tabular}>
          {formatCents(card.balance)}
        </Text>
      ),
      skeleton: { w: 56, h: 12 },
    },
    {
      key: 'created',
      header: 'Created',
      width: 120,
      render: (card) => (
        <Text component="time" dateTime={card.createdAt} title={formatDateTime(card.createdAt)} size="sm">
          {formatDate(card.createdAt)}
        </Text>
      ),
      skeleton: { w: 80, h: 12 },
    },
    {
      key: 'action',
      header: 'Support action',
      hideHeader: true,
      width: 170,
      align: 'right',
      render: (card) => (
        <CardAction
          card={card}
          onFreeze={() => {
            setToFreeze(card);
            setIsConfirmOpen(true);
          }}
          onUnfreeze={() => run(card, 'unfreeze')}
          isBusy={busyCardId === card._id}
        />
      ),
      stacked: 'footer',
      skeleton: { w: 70, h: 20 },
    },
  ];

  return (
    <>
      <DataTable
        label="The user's cards"
        noun="cards"
        columns={columns}
        rows={query.data}
        rowKey={(card) => card._id}
        isLoading={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        errorTitle="The cards could not be loaded"
        minWidth={680}
        skeletonRows={2}
        empty={
          <EmptyState
            icon={<IconCreditCardOff size={26} />}
            title="No cards"
            description="This user has not created a card yet."
          />
        }
      />
      <FreezeConfirm
        card={toFreeze}
        opened={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        isPending={block.isPending && block.variables?.action === 'freeze'}
        onConfirm={(card) => run(card, 'freeze', () => setIsConfirmOpen(false))}
      />
    </>
  );
}
