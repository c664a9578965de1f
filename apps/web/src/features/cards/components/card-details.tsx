import { type Card, formatCents, MONTHLY_CARD_FEE_CENTS } from '@coincard/shared';
import { Box, Button, Divider, Grid, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { memo, type ReactNode, useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { CardVisual } from '../../../components/card-visual';
import { ErrorState } from '../../../components/error-state';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconEye } from '../../../icons/IconEye';
import { IconEyeOff } from '../../../icons/IconEyeOff';
import { IconFlask } from '../../../icons/IconFlask';
import { isApiError } from '../../../lib/api-client';
import { formatCountdown, useSecondsLeft } from '../../../lib/countdown';
import { StepUpModal } from '../../step-up/components/step-up-modal';
import { useCardQuery } from '../api/get-card';
import { cardActionRules } from './card-action-rules';
import { CardControls } from './card-controls';
import { CardNotices, PendingOperations } from './card-notices';
import { CardPageFooter } from './card-page-footer';
import { CardSecretsPanel } from './card-secrets-panel';
import { CardSpendingControls } from './card-spending-controls';
import { CardStatusBadge, cardRibbon, describeCard } from './card-status';
import { CardSwitcher } from './card-switcher';
import { CardTransactionHistory, HistorySkeleton } from './card-transaction-history';
import { useCardSecretsReveal } from './use-card-secrets-reveal';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The sandbox spend simulator for this card, with the way back here. */
export function simulatorHref(card: Pick<Card, '_id' | 'simulatorUrl'>): string | null {
  if (!card.simulatorUrl) return null;
  const url = new URL(card.simulatorUrl, window.location.origin);
  url.searchParams.set('return', `/cards/${card._id}`);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

function HidesIn({ hidesAt }: { hidesAt: string }) {
  const seconds = useSecondsLeft(hidesAt);
  return (
    <Text size="xs" c="dimmed" style={tabular}>
      Hidden again in {formatCountdown(seconds)}
    </Text>
  );
}

/** The card visual with Show CVV / Hide CVV: number, expiry and CVV only on request, for 30 seconds. */
function CardFace({ card, revealDisabledReason }: { card: Card; revealDisabledReason: string | null }) {
  const reasonId = useId();
  const reveal = useCardSecretsReveal(card._id);
  const secrets = reveal.secrets;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Card">
      <Stack gap="md" align="stretch">
        <Box mx="auto" w="100%" maw={400}>
          <CardVisual
            label={card.name}
            last4={card.last4Digits}
            cardNumber={secrets?.cardNumber ?? null}
            expiry={secrets?.expiry ?? null}
            holderName={card.holderName}
            ribbon={cardRibbon(card)}
            accessibleName={`Virtual card ${describeCard(card)}`}
          />
        </Box>
        <Group justify="space-between" gap="xs">
          <Button
            variant={reveal.isRevealed ? 'default' : 'light'}
            leftSection={reveal.isRevealed ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            onClick={reveal.isRevealed ? reveal.hide : reveal.reveal}
            aria-pressed={reveal.isRevealed}
            disabled={revealDisabledReason !== null}
            aria-describedby={revealDisabledReason ? reasonId : undefined}
            loading={reveal.isLoading}
          >
            {reveal.isRevealed ? 'Hide CVV' : 'Show CVV'}
          </Button>
          {reveal.hidesAt && secrets ? <HidesIn hidesAt={reveal.hidesAt} /> : null}
          {revealDisabledReason ? (
            <Text id={reasonId} size="xs" c="dimmed">
              Card details show once the card is ready.
            </Text>
          ) : null}
        </Group>
        {reveal.isRevealed ? <CardSecretsPanel secrets={secrets} /> : null}
      </Stack>
      <StepUpModal
        opened={reveal.isAskingStepUp}
        reason="To show the full card number, expiry and CVV, confirm it is you. We e-mail you each time they are shown."
        onConfirmed={reveal.stepUpConfirmed}
        onClose={reveal.stepUpCancelled}
      />
    </Paper>
  );
}

function CardMoney({ card, onAddMoney }: { card: Card; onAddMoney: () => void }) {
  const rules = cardActionRules(card);
  const usedShare = card.monthlyLimit > 0 ? Math.min(100, (card.monthlyLoaded / card.monthlyLimit) * 100) : 0;
  const simulator = simulatorHref(card);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Balance and controls">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600}>
              Card balance
            </Text>
            <Text fz={{ base: 28, sm: 32 }} fw={800} lh={1.1} style={tabular}>
              {formatCents(card.balance)}
            </Text>
          </Stack>
          <Text size="xs" c="dimmed" ta="right">
            {card.currency} · {card.brand}
          </Text>
        </Group>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              Loaded this month
            </Text>
            <Text size="xs" c="dimmed" style={tabular}>
              {formatCents(card.monthlyLoaded)} of {formatCents(card.monthlyLimit)}
            </Text>
          </Group>
          <Progress value={usedShare} size="sm" aria-label="Share of the monthly load limit used" />
        </Stack>
        <PendingOperations card={card} />
        <CardNotices card={card} onAddMoney={onAddMoney} />
        <Divider />
        <CardControls card={card} rules={rules} />
        {card.status === 'active' || card.status === 'frozen' ? (
          <Text size="xs" c="dimmed">
            Next monthly fee of {formatCents(MONTHLY_CARD_FEE_CENTS)}: {dateOnly.format(new Date(card.nextFeeDueAt))}
          </Text>
        ) : null}
        {simulator ? (
          <Button
            component="a"
            href={simulator}
            variant="subtle"
            color="yellow"
            leftSection={<IconFlask size={16} aria-hidden />}
            w="fit-content"
          >
            Open spend simulator
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function CardDetailsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the card">
      <Skeleton h={32} w={220} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Skeleton radius={18} style={{ aspectRatio: '1.586' }} maw={400} mx="auto" w="100%" />
              <Skeleton h={36} w={120} mt="md" />
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Skeleton h={12} w={90} />
              <Skeleton h={32} w={140} mt={8} />
              <Skeleton h={8} mt="md" />
              <Skeleton h={120} mt="md" />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Skeleton h={20} w={180} mb="sm" />
            <HistorySkeleton />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The card once it is read. Memoised: the card's query re-renders its reader at once when an answer lands, and this
 * page, the heaviest in the app, then renders again only in the background render of the new answer (see CardDetails).
 */
const LoadedCard = memo(function LoadedCard({ card, onAddMoney }: { card: Card; onAddMoney: () => void }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="center">
        <Title order={1} size="h2" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {card.name}
        </Title>
        <CardStatusBadge status={card.status} size="lg" />
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
          <Stack gap="lg">
            <CardFace card={card} revealDisabledReason={cardActionRules(card).reveal} />
            <CardMoney card={card} onAddMoney={onAddMoney} />
            <CardSpendingControls cardId={card._id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 7 }}>
          <CardTransactionHistory cardId={card._id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
});

type CardDetailsProps = { cardId: string; onAddMoney: () => void };

/** /cards/{id}: the card, its secrets on request, its controls, and its Transaction History beside it. */
export function CardDetails({ cardId, onAddMoney }: CardDetailsProps) {
  const { data, isError, error, refetch } = useCardQuery(cardId);
  // A new answer is rendered in the background, in slices that leave the phone free to answer a tap, instead of in
  // one long task as the query's update would be (decision 040); until then the page shows the previous one.
  const card = useDeferredValue(data);

  let content: ReactNode;
  if (isError) {
    const isMissing = isApiError(error) && error.status === 404;
    content = (
      <Paper withBorder radius="lg" p="md">
        <ErrorState
          headingLevel={2}
          title={isMissing ? 'Card not found' : 'Card unavailable'}
          onRetry={isMissing ? undefined : () => void refetch()}
        />
      </Paper>
    );
  } else if (card === undefined) {
    content = <CardDetailsSkeleton />;
  } else {
    content = <LoadedCard card={card} onAddMoney={onAddMoney} />;
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Button
          component={Link}
          to="/dashboard"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          w="fit-content"
          px="xs"
        >
          Back to dashboard
        </Button>
        <CardSwitcher cardId={cardId} />
      </Group>
      {content}
      <CardPageFooter />
    </Stack>
  );
}
