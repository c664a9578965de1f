import { formatCents, REFERRAL_LINK_MIN_BALANCE_CENTS, type User } from '@coincard/shared';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertTriangle } from '../../../icons/IconAlertTriangle';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconPlus } from '../../../icons/IconPlus';
import { semanticColors } from '../../../theme';
import { ReferralLinkBox } from './referral-link-box';
import { ReferralRewards } from './referral-rewards';
import { ReferralSummaryCards } from './referral-summary-cards';

type ReferralProgramProps = {
  user: User;
  /** Opens Add Money (the deposits feature, composed by the page) to reach the $50 the link needs. */
  onAddMoney: () => void;
};

function LowBalanceWarning({ balance, onAddMoney }: { balance: number; onAddMoney: () => void }) {
  const missing = REFERRAL_LINK_MIN_BALANCE_CENTS - balance;
  return (
    <Alert
      variant="light"
      color={semanticColors.pending}
      radius="md"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title="Your referral link is not active yet"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Referral links work for accounts holding at least {formatCents(REFERRAL_LINK_MIN_BALANCE_CENTS)}. Your balance
          is {formatCents(balance)}: add {formatCents(missing)} to start inviting friends.
        </Text>
        <Button
          size="xs"
          variant="light"
          color={semanticColors.pending}
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAddMoney}
        >
          Add Money
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The referral page (docs/product-rules.md, Screens and navigation): earnings, the personal link, rewards and the
 * rules.
 */
export function ReferralProgram({ user, onAddMoney }: ReferralProgramProps) {
  const isLinkActive = user.balance >= REFERRAL_LINK_MIN_BALANCE_CENTS;
  return (
    <Stack gap="lg">
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
      <Stack gap={2}>
        <Title order={1} size="h2">
          Referral Program
        </Title>
        <Text c="dimmed" size="sm">
          Invite friends to CoinCard and earn rewards when they verify their e-mail and create their first card.
        </Text>
      </Stack>
      {isLinkActive ? null : <LowBalanceWarning balance={user.balance} onAddMoney={onAddMoney} />}
      <ReferralSummaryCards />
      <ReferralLinkBox userId={user._id} balanceCents={user.balance} />
      <ReferralRewards />
    </Stack>
  );
}
