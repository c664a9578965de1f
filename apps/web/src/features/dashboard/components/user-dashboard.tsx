import { type CardholderStatus, greetingFor, nameFromEmail, type User } from '@coincard/shared';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { BalancePanel } from './balance-panel';
import { ReferralModal } from './referral-modal';

type UserDashboardProps = {
  user: User;
  /** The user's live cards, or null while they load. */
  cardCount: number | null;
  /** The identity check's status, for a user without a cardholder. */
  verification?: CardholderStatus | null;
  onAddMoney: () => void;
  onCreateCard: () => void;
  /** The panels of other features, composed by the page (features do not import each other). */
  myCards: ReactNode;
  recentTopUps: ReactNode;
};

export const UserDashboard = memo(function UserDashboard({
  user,
  cardCount,
  verification = null,
  onAddMoney,
  onCreateCard,
  myCards,
  recentTopUps,
}: UserDashboardProps) {
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {greetingFor(new Date().getHours())}, {nameFromEmail(user.email)}
        </Title>
        <Text c="dimmed" size="sm">
          Your balance, cards and latest activity at a glance.
        </Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BalancePanel
            user={user}
            cardCount={cardCount}
            verification={verification}
            onAddMoney={onAddMoney}
            onCreateCard={onCreateCard}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>{myCards}</Grid.Col>
      </Grid>
      {recentTopUps}
      <ReferralModal />
    </Stack>
  );
});
