import { greetingFor, nameFromEmail, type User } from '@coincard/shared';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { BalancePanel } from './balance-panel';
import { MyCardsPanel } from './my-cards-panel';
import { RecentTransactionsPanel } from './recent-transactions-panel';
import { ReferralModal } from './referral-modal';

type UserDashboardProps = { user: User };

export function UserDashboard({ user }: UserDashboardProps) {
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
          <BalancePanel balanceCents={user.balance} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <MyCardsPanel />
        </Grid.Col>
      </Grid>
      <RecentTransactionsPanel />
      <ReferralModal />
    </Stack>
  );
}
