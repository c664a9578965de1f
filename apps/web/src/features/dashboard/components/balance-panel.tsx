import { type CardholderStatus, formatCents, type User } from '@coincard/shared';
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { IconInfoCircle } from '../../../icons/IconInfoCircle';
import { IconPlus } from '../../../icons/IconPlus';
import { checkCardCreation } from '../../../lib/card-creation-rules';

type BalancePanelProps = {
  user: User;
  /** The user's live cards, or null while they are not known yet (Create Card waits for them). */
  cardCount: number | null;
  /** The identity check's status, for a user without a cardholder (null while it loads). */
  verification?: CardholderStatus | null;
  onAddMoney: () => void;
  onCreateCard: () => void;
};

const ACTION_FLEX = { flex: '1 1 8.5rem' };

/**
 * Available balance with Add Money, and Create Card only when the rules allow it, else why not (docs/product-rules.md,
 * Cards).
 */
export function BalancePanel({ user, cardCount, verification = null, onAddMoney, onCreateCard }: BalancePanelProps) {
  const id = useId();
  const cardCreation = checkCardCreation(user, cardCount ?? 0, verification);
  const canCreateCard = cardCreation.isAllowed && cardCount !== null;
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
          {/* Side by side while both labels fit, stacked on the narrowest phones rather than cut short. */}
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddMoney} style={ACTION_FLEX}>
              Add Money
            </Button>
            {canCreateCard ? (
              <Button
                variant="light"
                leftSection={<IconCreditCard size={16} aria-hidden />}
                onClick={onCreateCard}
                style={ACTION_FLEX}
              >
                Create Card
              </Button>
            ) : null}
          </Group>
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
          {cardCreation.action ? (
            <Button
              component={Link}
              to={cardCreation.action.to}
              variant="light"
              rightSection={<IconArrowRight size={16} aria-hidden />}
              w="fit-content"
            >
              {cardCreation.action.label}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
