import { greetingFor, nameFromEmail, type User } from '@coincard/shared';
import { Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BalancePanel } from './balance-panel';
import { MyCardsPanel } from './my-cards-panel';
import { ReferralModal } from './referral-modal';

type UserDashboardProps = {
  user: User;
  onAddMoney: () => void;
  /** The Recent Transactions panel, composed by the page (features do not import each other). */
  recentTransactions: ReactNode;
};

/** Cards are not in the API yet, so the user has none. */
const CARD_COUNT = 0;

export function UserDashboard({ user, onAddMoney, recentTransactions }: UserDashboardProps) {
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
          <BalancePanel user={user} cardCount={CARD_COUNT} onAddMoney={onAddMoney} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <MyCardsPanel />
        </Grid.Col>
      </Grid>
      {recentTransactions}
      <ReferralModal />
    </Stack>
  );
}
