import { formatCents, type User } from '@coincard/shared';
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { checkCardCreation, IS_CARD_CREATION_LIVE } from './card-creation-rules';

type BalancePanelProps = { user: User; cardCount: number; onAddMoney: () => void };

/** Available balance with Add Money, and Create Card only when the spec's rules allow it (else why not). */
export function BalancePanel({ user, cardCount, onAddMoney }: BalancePanelProps) {
  const id = useId();
  const cardCreation = checkCardCreation(user, cardCount);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
      component="section"
      aria-labelledby={`${id}-title`}
    >
      <Stack gap="md" justify="space-between" h="100%">
        <Stack gap={4}>
          <Text id={`${id}-title`} size="sm" c="dimmed" fw={600}>
            Available Balance
          </Text>
          <Text fz={{ base: 32, sm: 38 }} fw={800} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(user.balance)}
          </Text>
          <Text size="xs" c="dimmed">
            USD, ready to load onto your cards
          </Text>
        </Stack>
        <Stack gap="xs">
          <Group gap="sm" grow>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddMoney}>
              Add Money
            </Button>
            {cardCreation.isAllowed ? (
              <Button
                variant="light"
                leftSection={<IconCreditCard size={16} aria-hidden />}
                disabled={!IS_CARD_CREATION_LIVE}
                aria-describedby={`${id}-cards`}
              >
                Create Card
              </Button>
            ) : null}
          </Group>
          {cardCreation.isAllowed && !IS_CARD_CREATION_LIVE ? (
            <Text id={`${id}-cards`} size="xs" c="dimmed">
              Card creation opens soon.
            </Text>
          ) : null}
          {cardCreation.reasons.length > 0 ? (
            <List
              size="xs"
              c="dimmed"
              spacing={4}
              icon={<IconInfoCircle size={14} aria-hidden style={{ marginTop: 2 }} />}
              aria-label="Before you can create a card"
            >
              {cardCreation.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
