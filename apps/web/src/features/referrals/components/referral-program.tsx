import type { User } from '@coincard/shared';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ReferralLinkBox } from './referral-link-box';

type ReferralProgramProps = { user: User };

/** Referral page: the personal link works today; earnings and rewards arrive with the referral service. */
export function ReferralProgram({ user }: ReferralProgramProps) {
  return (
    <Stack gap="lg">
      <Button
        component={Link}
        to="/dashboard"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        Back to dashboard
      </Button>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Referral Program
        </Title>
        <Text c="dimmed" size="sm">
          Invite friends to CoinCard and earn rewards when they sign up and create their first card.
        </Text>
      </Stack>
      <ReferralLinkBox userId={user._id} balanceCents={user.balance} />
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          headingLevel={2}
          icon={<IconGift size={26} />}
          title="Your referral earnings arrive soon"
          description="Total earnings, the amount available to withdraw, your progress to the next payout and every reward will be shown here."
        />
      </Paper>
    </Stack>
  );
}
