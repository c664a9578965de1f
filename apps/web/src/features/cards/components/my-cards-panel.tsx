import { type Card, type CardholderStatus, formatCents, MAX_CARDS_PER_USER, type User } from '@coincard/shared';
import {
  Box,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { memo, type ReactNode, useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { CARD_GRADIENTS, NetworkMark } from '../../../components/card-visual';
import { ErrorState } from '../../../components/error-state';
import { IconPlus } from '../../../icons/IconPlus';
import { checkCardCreation } from '../../../lib/card-creation-rules';
import { useCardsQuery } from '../api/get-cards';
import { CardStatusBadge, describeCard } from './card-status';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const TILE_MIN_HEIGHT = 148;
const tileStyle = { borderRadius: 'var(--mantine-radius-lg)', minHeight: TILE_MIN_HEIGHT } as const;

/** A small card face: enough to recognise a card at a glance; the tile's text says everything. */
function MiniCard() {
  return (
    <Box
      aria-hidden="true"
      w={46}
      h={30}
      style={{
        borderRadius: 6,
        background: CARD_GRADIENTS.navy,
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'flex-end',
        padding: 4,
        flexShrink: 0,
      }}
    >
      <NetworkMark width={18} />
    </Box>
  );
}

// Memoised, as the panel renders again before the background render of a new list (decision 040).
const CardTile = memo(function CardTile({ card }: { card: Card }) {
  const isMoving = card.pendingOperations.length > 0;
  return (
    <Paper
      component={Link}
      to={`/cards/${card._id}`}
      aria-label={describeCard(card)}
      withBorder
      p="md"
      className="mantine-focus-auto"
      style={{ ...tileStyle, textDecoration: 'none', color: 'inherit', display: 'block' }}
    >
      <Stack gap={6} justify="space-between" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <MiniCard />
          <CardStatusBadge status={card.status} size="sm" />
        </Group>
        <Text fw={600} size="sm" truncate="end" mt={4}>
          {card.name}
        </Text>
        <Text fz={22} fw={800} lh={1.15} style={tabular}>
          {formatCents(card.balance)}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" ff="monospace" style={tabular}>
            {card.last4Digits ? `•••• ${card.last4Digits}` : 'Number coming…'}
          </Text>
          {isMoving ? (
            <Group gap={4} wrap="nowrap">
              <Loader size={10} type="oval" aria-hidden />
              <Text size="xs" c="dimmed">
                In progress
              </Text>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
});

type CreateCardTileProps = {
  disabledReason: string | null;
  /** Where the first blocking rule is removed (the identity check): the tile leads there instead. */
  action: { to: string; label: string } | null;
  onCreate: () => void;
};

function CreateCardTile({ disabledReason, action, onCreate }: CreateCardTileProps) {
  const hintId = useId();
  const isDisabled = disabledReason !== null && action === null;
  const style = {
    ...tileStyle,
    display: 'block',
    border: '2px dashed var(--mantine-color-default-border)',
    cursor: isDisabled ? 'not-allowed' : 'pointer',
  };
  const content = (
    <Stack align="center" justify="center" gap={6} h="100%">
      <ThemeIcon size={40} radius="xl" variant="light" color={isDisabled ? 'gray' : undefined} aria-hidden>
        <IconPlus size={22} />
      </ThemeIcon>
      <Text fw={600} size="sm">
        Create New Card
      </Text>
      <Text id={hintId} size="xs" c="dimmed" ta="center">
        {disabledReason ?? 'A virtual USD card for $15.00'}
      </Text>
      {action ? (
        <Text size="xs" fw={600} c="var(--mantine-color-anchor)" ta="center">
          {action.label} →
        </Text>
      ) : null}
    </Stack>
  );
  // Until the identity check is done, the tile leads to it rather than sitting there disabled.
  if (action) {
    return (
      <UnstyledButton component={Link} to={action.to} aria-describedby={hintId} p="md" style={style}>
        {content}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton onClick={onCreate} disabled={isDisabled} aria-describedby={hintId} p="md" style={style}>
      {content}
    </UnstyledButton>
  );
}

const SKELETON_TILES = ['a', 'b'];

type MyCardsPanelProps = {
  user: User;
  /** The identity check's status, for a user without a cardholder. */
  verification?: CardholderStatus | null;
  onCreateCard: () => void;
};

/** The user's cards (up to 3) as tiles that open the card, and the dashed Create New Card tile while there is room. */
export function MyCardsPanel({ user, verification = null, onCreateCard }: MyCardsPanelProps) {
  const titleId = useId();
  const { data: latest, isError, refetch } = useCardsQuery();
  const cards = useDeferredValue(latest);
  const isPending = cards === undefined && !isError;
  const creation = checkCardCreation(user, cards?.length ?? 0, verification);

  let body: ReactNode;
  if (isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {SKELETON_TILES.map((key) => (
          <Skeleton key={key} h={TILE_MIN_HEIGHT} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (isError || cards === undefined) {
    body = <ErrorState title="Cards unavailable" onRetry={() => void refetch()} />;
  } else {
    body = (
      <Stack gap="sm">
        {cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            You have no cards yet. Create a virtual USD card and it appears here with its label, status and balance.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {cards.map((card) => (
            <CardTile key={card._id} card={card} />
          ))}
          {cards.length < MAX_CARDS_PER_USER ? (
            <CreateCardTile disabledReason={creation.shortReason} action={creation.action} onCreate={onCreateCard} />
          ) : null}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
      component="section"
      aria-labelledby={titleId}
      aria-busy={isPending}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id={titleId}>
            My Cards
          </Title>
          {cards ? (
            <Text size="xs" c="dimmed">
              {cards.length} of {MAX_CARDS_PER_USER}
            </Text>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
