import {
  DEPOSIT_MIN_CENTS,
  formatCents,
  REFERRED_FIRST_CARD_REWARD_CENTS,
  REFERRER_FIRST_CARD_REWARD_CENTS,
  REFERRER_SIGNUP_REWARD_CENTS,
  type ReferralEvent,
  type ReferralReward,
  type ReferralSummary,
} from '@coincard/shared';
import { Alert, Badge, Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { IconGift } from '../../../icons/IconGift';
import { IconGiftFilled } from '../../../icons/IconGiftFilled';
import { IconHourglassHigh } from '../../../icons/IconHourglassHigh';
import { IconListCheck } from '../../../icons/IconListCheck';
import { IconUserCheck } from '../../../icons/IconUserCheck';
import { semanticColors } from '../../../theme';
import { useReferralSummaryQuery } from '../api/get-referral-summary';
import { ReferralHowItWorks } from './referral-how-it-works';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

const EVENT_LOOKS: Record<ReferralEvent, { label: string; color: string; Icon: typeof IconUserCheck }> = {
  SIGNUP: { label: 'Sign-up verified', color: semanticColors.primary, Icon: IconUserCheck },
  FIRST_CARD: { label: 'First card created', color: semanticColors.accent, Icon: IconCreditCard },
};

function EventBadge({ event }: { event: ReferralEvent }) {
  const { label, color, Icon } = EVENT_LOOKS[event];
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" leftSection={<Icon size={12} aria-hidden />}>
      {label}
    </Badge>
  );
}

const HELD_EXPLAINED: Record<ReferralEvent, string> = {
  SIGNUP: `Held until they add ${formatCents(DEPOSIT_MIN_CENTS)}`,
  FIRST_CARD: 'Held until the card is issued',
};

/** A released reward in green; a held one muted, with what it waits for. */
function RewardAmount({ reward }: { reward: ReferralReward }) {
  const amount = formatCents(reward.referrerUserReward, 'always');
  if (reward.status === 'paid') {
    return (
      <Text size="sm" fw={700} c={semanticColors.success} style={tabular}>
        {amount}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-end">
      <Text size="sm" fw={700} c="dimmed" style={tabular}>
        {amount}
      </Text>
      <Text size="xs" c="dimmed" ta="right">
        {HELD_EXPLAINED[reward.event]}
      </Text>
    </Stack>
  );
}

const COLUMNS: DataTableColumn<ReferralReward>[] = [
  {
    key: 'date',
    header: 'Date',
    width: 190,
    render: (reward) => (
      <Text component="time" dateTime={reward.createdAt} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dateTime.format(new Date(reward.createdAt))}
      </Text>
    ),
    renderStacked: (reward) => (
      <Text component="time" dateTime={reward.createdAt} size="xs">
        {dateTime.format(new Date(reward.createdAt))}
      </Text>
    ),
    skeleton: { w: 130, h: 12 },
  },
  {
    key: 'user',
    header: 'Referred User',
    render: (reward) => (
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {reward.refferedUseremail}
      </Text>
    ),
    stacked: 'title',
    skeleton: { w: 150, h: 12 },
  },
  {
    key: 'event',
    header: 'Event',
    width: 190,
    render: (reward) => <EventBadge event={reward.event} />,
    skeleton: { w: 120, h: 20 },
  },
  {
    key: 'reward',
    header: 'Reward',
    width: 160,
    align: 'right',
    render: (reward) => <RewardAmount reward={reward} />,
    stacked: 'aside',
    skeleton: { w: 56, h: 12 },
  },
];

/**
 * The referred user's own $5 bonus: paid with their first card, or still waiting for it. It goes into the account
 * balance, not into the referral earnings the rest of the page counts (what inviting friends earns), and says so: a
 * bonus "in your balance" beside Total Earnings $0.00 read as a contradiction.
 */
export function FirstCardBonusBanner({ summary }: { summary: ReferralSummary }) {
  const { earned, amount } = summary.firstCardCreationReward;
  if (earned) {
    return (
      <Alert
        variant="light"
        color={semanticColors.success}
        radius="md"
        icon={<IconGiftFilled size={20} aria-hidden />}
        title="First Card Creation Bonus"
      >
        You joined with a friend&apos;s link, so creating your first card earned you{' '}
        <strong>{formatCents(amount)}</strong>, paid into your account balance at once to spend like any other money.
        Your referral earnings on this page count only what you earn by inviting friends yourself.
      </Alert>
    );
  }
  if (!summary.isReferred) return null;
  return (
    <Alert
      variant="light"
      color={semanticColors.pending}
      radius="md"
      icon={<IconHourglassHigh size={20} aria-hidden />}
      title="First Card Creation Bonus pending"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          You joined with a friend&apos;s link. Create your first card and{' '}
          <strong>{formatCents(amount > 0 ? amount : REFERRED_FIRST_CARD_REWARD_CENTS)}</strong> goes straight into your
          account balance (not into the referral earnings on this page, which count what inviting friends earns).
        </Text>
        <Button component={Link} to="/dashboard" size="xs" variant="light" color={semanticColors.pending}>
          Create your first card
        </Button>
      </Stack>
    </Alert>
  );
}

function RewardsPanel() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isPlaceholderData } = useReferralSummaryQuery(page);
  return (
    <Stack gap="md">
      {data ? <FirstCardBonusBanner summary={data} /> : null}
      <DataTable
        label="Your referral rewards"
        noun="rewards"
        columns={COLUMNS}
        rows={data?.referrals}
        rowKey={(reward) => reward._id}
        isLoading={isPending}
        isError={isError}
        onRetry={() => void refetch()}
        errorTitle="Your rewards could not be loaded"
        isRefreshing={isPlaceholderData}
        minWidth={600}
        pagination={data ? { meta: data.meta, page, onChange: setPage } : null}
        empty={
          <EmptyState
            icon={<IconGift size={26} />}
            title="No rewards from your invites yet"
            description={`When someone signs up with your link and verifies their e-mail you earn ${formatCents(REFERRER_SIGNUP_REWARD_CENTS)}; when they create their first card, ${formatCents(REFERRER_FIRST_CARD_REWARD_CENTS)} more.`}
          />
        }
      />
    </Stack>
  );
}

/** Rewards (the bonus banner and every reward earned) and How it works, as tabs. */
export function ReferralRewards() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Rewards and rules">
      <Tabs defaultValue="rewards" keepMounted={false}>
        <Tabs.List aria-label="Referral details" mb="md">
          <Tabs.Tab value="rewards" leftSection={<IconGift size={16} aria-hidden />}>
            Rewards
          </Tabs.Tab>
          <Tabs.Tab value="how-it-works" leftSection={<IconListCheck size={16} aria-hidden />}>
            How it works
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rewards">
          <RewardsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="how-it-works">
          <ReferralHowItWorks />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
