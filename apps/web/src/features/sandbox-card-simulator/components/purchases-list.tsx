import type { SimulatorCard, SimulatorPurchase } from '@coincard/shared';
import { formatCents } from '@coincard/shared';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { IconCheck } from '../../../icons/IconCheck';
import { IconReceiptRefund } from '../../../icons/IconReceiptRefund';
import { useRefundPurchaseMutation } from '../api/refund-purchase';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const divider = { borderBottom: '1px solid var(--mantine-color-default-border)' } as const;

function PurchaseRow({
  purchase,
  onRefund,
  isRefunding,
}: {
  purchase: SimulatorPurchase;
  onRefund: () => void;
  isRefunding: boolean;
}) {
  const isCredit = purchase.type === 'CREDIT';
  const name = purchase.merchantName ?? purchase.description;
  return (
    <Group wrap="nowrap" justify="space-between" gap="sm" py="sm" align="center">
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {isCredit ? `Refund from ${name}` : name}
        </Text>
        <Text size="xs" c="dimmed">
          {dateTime.format(new Date(purchase.createdAt))}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Text
          size="sm"
          fw={700}
          c={isCredit ? 'green' : 'red'}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {isCredit ? formatCents(purchase.amountCents, 'always') : formatCents(-purchase.amountCents)}
        </Text>
        {isCredit ? null : (
          <Button
            size="xs"
            variant="light"
            leftSection={
              purchase.isRefunded ? <IconCheck size={14} aria-hidden /> : <IconReceiptRefund size={14} aria-hidden />
            }
            onClick={onRefund}
            disabled={purchase.isRefunded}
            loading={isRefunding}
            aria-label={
              purchase.isRefunded
                ? `Refunded ${formatCents(purchase.amountCents)} at ${name}`
                : `Refund ${formatCents(purchase.amountCents)} at ${name}`
            }
          >
            {purchase.isRefunded ? 'Refunded' : 'Refund'}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** The card's latest purchases and refunds; a purchase can be refunded once. */
export function PurchasesList({ card }: { card: SimulatorCard }) {
  const titleId = useId();
  const refund = useRefundPurchaseMutation(card.cardId);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          Recent purchases
        </Title>
        {card.purchases.length === 0 ? (
          <Text size="sm" c="dimmed">
            No purchases yet. Approved purchases show here, and on the card&apos;s Transaction History in CoinCard.
          </Text>
        ) : (
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {card.purchases.map((purchase, index) => (
              <li key={purchase.reference} style={index < card.purchases.length - 1 ? divider : undefined}>
                <PurchaseRow
                  purchase={purchase}
                  isRefunding={refund.isPending && refund.variables?.reference === purchase.reference}
                  onRefund={() => refund.mutate({ issuerCardId: card.cardId, reference: purchase.reference })}
                />
              </li>
            ))}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
