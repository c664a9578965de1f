import type { SimulatorCard } from '@coincard/shared';
import { formatCents } from '@coincard/shared';
import { Anchor, Badge, Box, Button, Container, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardVisual } from '../../../components/card-visual';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SandboxBanner } from '../../../components/sandbox-banner';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconCreditCardOff } from '../../../icons/IconCreditCardOff';
import { isApiError } from '../../../lib/api-client';
import { semanticColors } from '../../../theme';
import { useSimulatorCardQuery } from '../api/get-simulator-card';
import { PurchaseForm } from './purchase-form';
import { PurchasesList } from './purchases-list';

const STATUS_LOOKS = {
  active: { label: 'Active', color: semanticColors.success },
  frozen: { label: 'Frozen', color: semanticColors.danger },
  deleted: { label: 'Deleted', color: semanticColors.danger },
} as const;

function CardSummary({ card }: { card: SimulatorCard }) {
  const status = STATUS_LOOKS[card.status];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="The card">
      <Group gap="lg" align="center" wrap="wrap">
        <Box w={{ base: '100%', xs: 240 }} maw={320} mx={{ base: 'auto', xs: 0 }}>
          <CardVisual
            label="Sandbox card"
            last4={card.last4}
            holderName={card.cardName}
            expiry={null}
            ribbon={card.status === 'active' ? null : { label: status.label, tone: 'danger' }}
            accessibleName={`Card ${card.cardName}, number ending in ${card.last4}, ${status.label.toLowerCase()}`}
          />
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} truncate="end">
              {card.cardName}
            </Text>
            <Badge color={status.color} variant="light" radius="sm" tt="none">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" ff="monospace">
            •••• {card.last4}
          </Text>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600}>
              Available to spend
            </Text>
            <Text fz={28} fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCents(card.availableCents)}
            </Text>
          </Stack>
          {card.status === 'active' ? null : (
            <Text size="xs" c="dimmed">
              Every purchase on a {status.label.toLowerCase()} card is declined.
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

type SimulatorPageProps = {
  issuerCardId: string;
  /** A card page of CoinCard to go back to (already checked), or null. */
  returnTo: string | null;
};

/** The sandbox issuer's spend simulator at /sandbox/cards/{cardId}: public, outside the app's layout. */
export function SimulatorPage({ issuerCardId, returnTo }: SimulatorPageProps) {
  const query = useSimulatorCardQuery(issuerCardId);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Stack gap="lg" role="status" aria-label="Loading the card">
        <Skeleton h={180} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  } else if (query.isError && isApiError(query.error) && query.error.status === 404) {
    content = (
      <Paper withBorder radius="lg" p="md">
        <EmptyState
          headingLevel={2}
          icon={<IconCreditCardOff size={26} />}
          title="This card does not exist at the sandbox issuer"
          description="The link may be mistyped or incomplete, or the card lives on another CoinCard server."
          action={
            <Button component="a" href="/dashboard" mt="xs">
              Go to CoinCard
            </Button>
          }
        />
      </Paper>
    );
  } else if (query.isError) {
    content = <ErrorState title="The card could not be loaded" onRetry={() => void query.refetch()} />;
  } else {
    content = (
      <Stack gap="lg">
        <CardSummary card={query.data} />
        <PurchaseForm card={query.data} />
        <PurchasesList card={query.data} />
      </Stack>
    );
  }

  return (
    <Box mih="100dvh" bg="var(--cc-backdrop)">
      <SandboxBanner standsInFor="the shops where a card is used" />
      <Container size={640} py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }} component="main">
        <Stack gap="xs" mb="md">
          {returnTo ? (
            <Anchor component={Link} to={returnTo} size="sm" fw={600} w="fit-content">
              <Group gap={6} wrap="nowrap" component="span">
                <IconArrowLeft size={16} aria-hidden />
                Back to your card
              </Group>
            </Anchor>
          ) : null}
          <Text component="h1" fz={{ base: 'xl', sm: 26 }} fw={800} m={0}>
            Spend simulator
          </Text>
          <Text size="sm" c="dimmed">
            Make the card do what a real card does: buy, be declined, be refunded. CoinCard hears about each by the
            issuer&apos;s webhook, as it would with a live card.
          </Text>
        </Stack>
        {content}
      </Container>
    </Box>
  );
}
