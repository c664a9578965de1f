import { type AdminUserStats, formatCents, type User } from '@coincard/shared';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { IconHistory } from '../../../icons/IconHistory';
import { IconReceipt } from '../../../icons/IconReceipt';
import { IconShieldCheck } from '../../../icons/IconShieldCheck';
import { IconShieldOff } from '../../../icons/IconShieldOff';
import { IconUserOff } from '../../../icons/IconUserOff';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useAuditLogQuery } from '../api/get-audit-log';
import { useUserDepositsQuery } from '../api/get-user-deposits';
import { useUserStatsQuery } from '../api/get-user-stats';
import { auditColumns } from './audit-columns';
import { depositColumns } from './deposit-columns';
import { formatDateTime } from './format-date';
import { ProviderId } from './provider-id';
import { DetailSection, StatTiles } from './stat-tiles';
import { AccountStatusBadge, RoleBadge, VerifiedBadge } from './user-badges';
import { UserCards } from './user-cards';
import { UserControls } from './user-controls';
import { UserVerification } from './user-verification';
import type { UserDetailState } from './users-table';

const count = new Intl.NumberFormat('en-US');
const DEPOSIT_COLUMNS = depositColumns({ withCustomer: false });
const TRAIL_COLUMNS = auditColumns({ withTarget: false });
const TRAIL_PAGE_SIZE = 10;

type AdminUserDetailProps = { userId: string };

/** Back to the list as it was left (search and page), when the visitor came from it. */
function useUsersListPath(): string {
  const state = useLocation().state as Partial<UserDetailState> | null;
  const search = typeof state?.usersSearch === 'string' && state.usersSearch.startsWith('?') ? state.usersSearch : '';
  return `/users${search}`;
}

function TwoFactorBadge({ isEnabled }: { isEnabled: boolean }) {
  return isEnabled ? (
    <Badge variant="light" color="green" radius="sm" tt="none" leftSection={<IconShieldCheck size={14} aria-hidden />}>
      2FA on
    </Badge>
  ) : (
    <Badge variant="light" color="gray" radius="sm" tt="none" leftSection={<IconShieldOff size={14} aria-hidden />}>
      2FA off
    </Badge>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box component="dd" m={0} mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function UserInformation({ user }: { user: User }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" m={0}>
      <InfoRow label="User ID">
        <ProviderId id={user._id} label="user ID" />
      </InfoRow>
      <InfoRow label="E-mail">
        <Text size="sm" fw={600}>
          {user.email}
        </Text>
      </InfoRow>
      <InfoRow label="Verified">
        <VerifiedBadge verified={user.verified} />
      </InfoRow>
      <InfoRow label="Role">
        <RoleBadge role={user.role} />
      </InfoRow>
      <InfoRow label="Balance">
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCents(user.balance)}
        </Text>
      </InfoRow>
      <InfoRow label="Cardholder">
        <Text size="sm" c={user.cardholderId ? undefined : 'dimmed'}>
          {user.cardholderId ? 'Verified by the card issuer' : 'Not verified'}
        </Text>
      </InfoRow>
      <InfoRow label="Created">
        <Text component="time" dateTime={user.createdAt} size="sm">
          {formatDateTime(user.createdAt)}
        </Text>
      </InfoRow>
      <InfoRow label="Updated">
        <Text component="time" dateTime={user.updatedAt} size="sm">
          {formatDateTime(user.updatedAt)}
        </Text>
      </InfoRow>
    </SimpleGrid>
  );
}

function UserDeposits({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useUserDepositsQuery(userId, page);
  return (
    <DataTable
      label="The user's top-ups"
      noun="top-ups"
      columns={DEPOSIT_COLUMNS}
      rows={query.data?.transactions}
      rowKey={(deposit) => deposit._id}
      isLoading={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      errorTitle="The top-ups could not be loaded"
      isRefreshing={query.isPlaceholderData}
      minWidth={820}
      pagination={query.data ? { meta: query.data.meta, page, onChange: setPage } : null}
      empty={
        <EmptyState
          icon={<IconReceipt size={26} />}
          title="No top-ups"
          description="This user has not added money yet."
        />
      }
    />
  );
}

function UserAuditTrail({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useAuditLogQuery({
    action: '',
    actorId: '',
    targetUserId: userId,
    from: '',
    to: '',
    page,
    pageSize: TRAIL_PAGE_SIZE,
  });
  return (
    <DataTable
      label="What happened to this account"
      noun="audit entries"
      columns={TRAIL_COLUMNS}
      rows={query.data?.entries}
      rowKey={(entry) => entry._id}
      isLoading={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      errorTitle="The audit trail could not be loaded"
      isRefreshing={query.isPlaceholderData}
      minWidth={860}
      pagination={query.data ? { meta: query.data.meta, page, onChange: setPage } : null}
      empty={
        <EmptyState
          icon={<IconHistory size={26} />}
          title="Nothing recorded"
          description="Sign-ins, admin actions and card events for this account appear here."
        />
      }
    />
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Skeleton h={28} w={280} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton h={16} w={160} />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
                  <Stack key={key} gap={6}>
                    <Skeleton h={10} w={70} />
                    <Skeleton h={14} w="80%" />
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton h={16} w={180} />
              <Skeleton h={24} w={220} />
              <Skeleton h={34} w={160} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Skeleton h={16} w={160} />
          <Group grow>
            <Skeleton h={56} />
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Figures({ stats, userId, adminId }: { stats: AdminUserStats; userId: string; adminId: string | undefined }) {
  const { user, cards, transactions, referrals } = stats;
  return (
    <Stack gap="lg">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DetailSection title="User information">
            <UserInformation user={user} />
          </DetailSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DetailSection
            title="Additional User Controls"
            description="Each change is written to the audit log and the figures on this page are read again."
          >
            <UserControls user={user} adminId={adminId} />
          </DetailSection>
        </Grid.Col>
      </Grid>
      {user.role === 'user' ? (
        <DetailSection
          title="Identity verification"
          description="What the card issuer decided, when, and why. Document numbers and birth dates are never shown."
        >
          <UserVerification userId={userId} />
        </DetailSection>
      ) : null}
      <DetailSection title="Card Management" description="Every card the user ever had, deleted ones included.">
        <StatTiles
          tiles={[
            { label: 'Cards created', value: count.format(cards.cardsCreated) },
            { label: 'Active cards', value: count.format(cards.activeCards) },
            { label: 'Balance on cards', value: formatCents(cards.totalCardBalance) },
          ]}
        />
        <UserCards userId={userId} />
      </DetailSection>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailSection title="Platform Revenue" description="Fees this user has paid to CoinCard.">
            <StatTiles
              columns={2}
              tiles={[
                { label: 'Card creation', value: formatCents(transactions.earnedFromCardCreation) },
                { label: 'Funding fees', value: formatCents(transactions.earnedFromFundingFees) },
                { label: 'Monthly fees', value: formatCents(transactions.earnedFromMonthlyFees) },
                { label: 'Total revenue', value: formatCents(transactions.totalRevenue) },
              ]}
            />
          </DetailSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailSection title="Referral Program" description="This user as a referrer.">
            <StatTiles
              tiles={[
                { label: 'Referrals', value: count.format(referrals.totalReferrals) },
                { label: 'Earned', value: formatCents(referrals.totalReferralEarning) },
                { label: 'Withdrawn', value: formatCents(referrals.totalReferralWithdrawn) },
              ]}
            />
          </DetailSection>
        </Grid.Col>
      </Grid>
      <DetailSection title="Top-ups" description="Crypto deposits, newest first.">
        <UserDeposits userId={userId} />
      </DetailSection>
      <DetailSection
        title="Audit trail"
        description="What happened to this account, newest first."
        action={
          <Button
            component={Link}
            to={`/audit?${new URLSearchParams({ targetUserId: userId })}`}
            variant="subtle"
            rightSection={<IconArrowRight size={16} aria-hidden />}
            w="fit-content"
            px="xs"
          >
            Open in the audit log
          </Button>
        }
      >
        <UserAuditTrail userId={userId} />
      </DetailSection>
    </Stack>
  );
}

/**
 * One user for an admin: who they are, their controls (two-factor, suspension), cards (with support freeze), the
 * revenue and referral figures, their top-ups and their audit trail.
 */
export function AdminUserDetail({ userId }: AdminUserDetailProps) {
  const usersListPath = useUsersListPath();
  const stats = useUserStatsQuery(userId);
  const { data: admin } = useCurrentUser();
  const user = stats.data?.user;

  let body: ReactNode;
  if (stats.isPending) {
    body = <DetailSkeleton />;
  } else if (stats.isError && !stats.data) {
    body =
      isApiError(stats.error) && (stats.error.status === 404 || stats.error.status === 400) ? (
        <Paper withBorder radius="lg">
          <EmptyState
            headingLevel={2}
            icon={<IconUserOff size={26} />}
            title="No such user"
            description="The link may be mistyped, or the account does not exist."
            action={
              <Button component={Link} to="/users" variant="light" mt="xs">
                Go to all users
              </Button>
            }
          />
        </Paper>
      ) : (
        <Paper withBorder radius="lg">
          <ErrorState headingLevel={2} title="This user could not be loaded" onRetry={() => void stats.refetch()} />
        </Paper>
      );
  } else {
    body = <Figures stats={stats.data} userId={userId} adminId={admin?._id} />;
  }

  return (
    <Stack gap="lg" aria-busy={stats.isPending || stats.isRefetching}>
      <Anchor component={Link} to={usersListPath} size="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Back to users
      </Anchor>
      <Stack gap={6}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {user ? user.email : 'User details'}
        </Title>
        {user ? (
          <Group gap={6}>
            <RoleBadge role={user.role} />
            <VerifiedBadge verified={user.verified} />
            <AccountStatusBadge isSuspended={user.isSuspended} />
            <TwoFactorBadge isEnabled={user.isTwoFactorEnabled} />
          </Group>
        ) : null}
      </Stack>
      {body}
    </Stack>
  );
}
