import { formatCents } from '@coincard/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';

type BalancePanelProps = { balanceCents: number };

/** Available balance with the Add Money and Create Card actions (switched off until those features ship). */
export function BalancePanel({ balanceCents }: BalancePanelProps) {
  const helpId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
      component="section"
      aria-labelledby={`${helpId}-title`}
    >
      <Stack gap="md" justify="space-between" h="100%">
        <Stack gap={4}>
          <Text id={`${helpId}-title`} size="sm" c="dimmed" fw={600}>
            Available Balance
          </Text>
          <Text fz={{ base: 32, sm: 38 }} fw={800} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(balanceCents)}
          </Text>
          <Text size="xs" c="dimmed">
            USD, ready to load onto your cards
          </Text>
        </Stack>
        <Stack gap="xs">
          <Group gap="sm" grow>
            <Button leftSection={<IconPlus size={16} aria-hidden />} disabled aria-describedby={helpId}>
              Add Money
            </Button>
            <Button
              variant="light"
              leftSection={<IconCreditCard size={16} aria-hidden />}
              disabled
              aria-describedby={helpId}
            >
              Create Card
            </Button>
          </Group>
          <Text id={helpId} size="xs" c="dimmed">
            Crypto top-ups and card creation arrive soon. Both buttons switch on here as soon as they are ready.
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
