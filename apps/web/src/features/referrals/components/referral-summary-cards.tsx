import { formatCents, REFERRAL_PAYOUT_MILESTONE_CENTS, type ReferralStats } from '@coincard/shared';
import {
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ErrorState } from '../../../components/error-state';
import { IconCash } from '../../../icons/IconCash';
import { IconCoins } from '../../../icons/IconCoins';
import { IconTargetArrow } from '../../../icons/IconTargetArrow';
import { semanticColors } from '../../../theme';
import { useReferralStatsQuery } from '../api/get-referral-stats';
import { useWithdrawReferralEarningsMutation } from '../api/withdraw-referral-earnings';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

type SummaryCardProps = { title: string; icon: ReactNode; amount: string; children: ReactNode };

function SummaryCard({ title, icon, amount, children }: SummaryCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text id={titleId} size="sm" c="dimmed" fw={600}>
              {title}
            </Text>
            <ThemeIcon variant="light" radius="md" size={32} aria-hidden>
              {icon}
            </ThemeIcon>
          </Group>
          <Text fz={{ base: 26, sm: 30 }} fw={800} lh={1.15} style={tabular}>
            {amount}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

function WithdrawCard({ stats }: { stats: ReferralStats }) {
  const reasonId = useId();
  const withdraw = useWithdrawReferralEarningsMutation();
  const canWithdraw = stats.withdrawableAmount > 0;
  let note: string;
  if (canWithdraw) {
    note = 'Moves to your account balance at once, ready for your cards.';
  } else if (stats.availableEarnings > 0) {
    note = `You have ${formatCents(stats.availableEarnings)} in earnings. Withdrawals open at ${formatCents(REFERRAL_PAYOUT_MILESTONE_CENTS)}.`;
  } else {
    note = `Withdrawals open once your earnings reach ${formatCents(REFERRAL_PAYOUT_MILESTONE_CENTS)}.`;
  }
  return (
    <SummaryCard
      title="Available to Withdraw"
      icon={<IconCash size={18} />}
      amount={formatCents(stats.withdrawableAmount)}
    >
      <Stack gap={6}>
        <Button
          onClick={() => withdraw.mutate()}
          loading={withdraw.isPending}
          disabled={!canWithdraw}
          aria-describedby={reasonId}
          fullWidth
        >
          {canWithdraw ? `Withdraw ${formatCents(stats.withdrawableAmount)}` : 'Withdraw'}
        </Button>
        <Text id={reasonId} size="xs" c="dimmed">
          {note}
        </Text>
      </Stack>
    </SummaryCard>
  );
}

function NextPayoutCard({ stats }: { stats: ReferralStats }) {
  const labelId = useId();
  const progress = Math.min(stats.availableEarnings, REFERRAL_PAYOUT_MILESTONE_CENTS);
  const share = Math.round((progress / REFERRAL_PAYOUT_MILESTONE_CENTS) * 100);
  const isReached = stats.withdrawableAmount > 0;
  const progressText = `${formatCents(progress)} of ${formatCents(REFERRAL_PAYOUT_MILESTONE_CENTS)}`;
  return (
    <SummaryCard
      title="Next Payout"
      icon={<IconTargetArrow size={18} />}
      amount={isReached ? 'Reached' : `${formatCents(stats.remainingToNextPayout)} to go`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text id={labelId} size="xs" c="dimmed">
            Progress to {formatCents(REFERRAL_PAYOUT_MILESTONE_CENTS)}
          </Text>
          <Text size="xs" fw={600} style={tabular}>
            {progressText}
          </Text>
        </Group>
        <Progress.Root
          size="lg"
          radius="xl"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={REFERRAL_PAYOUT_MILESTONE_CENTS}
          aria-valuenow={progress}
          aria-valuetext={progressText}
        >
          <Progress.Section
            value={share}
            withAria={false}
            color={isReached ? semanticColors.success : semanticColors.accent}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {isReached
            ? 'Your earnings can be withdrawn now.'
            : 'Each payout is at least $25.00; the earnings stay yours until you withdraw them.'}
        </Text>
      </Stack>
    </SummaryCard>
  );
}

function SummarySkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" aria-hidden>
      {['earnings', 'withdraw', 'payout'].map((key) => (
        <Paper key={key} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Skeleton h={12} w={120} />
            <Skeleton h={28} w={140} />
            <Skeleton h={34} w="100%" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Total Earnings, Available to Withdraw (with Withdraw) and Next Payout (progress to $25). */
export function ReferralSummaryCards() {
  const { data: stats, isPending, isError, refetch } = useReferralStatsQuery();
  if (isPending) {
    return (
      <>
        <VisuallyHidden role="status">Loading your referral earnings</VisuallyHidden>
        <SummarySkeleton />
      </>
    );
  }
  if (isError) {
    return (
      <Paper withBorder radius="lg">
        <ErrorState
          title="Your referral earnings could not be loaded"
          headingLevel={2}
          onRetry={() => void refetch()}
        />
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <SummaryCard title="Total Earnings" icon={<IconCoins size={18} />} amount={formatCents(stats.totalEarnings)}>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Earned by inviting friends
          </Text>
          <Text size="xs" c="dimmed" style={tabular}>
            {formatCents(stats.totalWithdrawn)} withdrawn so far
          </Text>
          {stats.heldEarnings > 0 ? (
            <Text size="xs" c="dimmed" style={tabular}>
              {formatCents(stats.heldEarnings)} held until your friends add money or get their card
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" style={tabular}>
            {stats.totalReferrals === 1 ? '1 person' : `${stats.totalReferrals} people`} joined with your link
          </Text>
        </Stack>
      </SummaryCard>
      <WithdrawCard stats={stats} />
      <NextPayoutCard stats={stats} />
    </SimpleGrid>
  );
}
