import { type AdminDashboardStats, type Deposit, formatCents } from '@coincard/shared';
import { Anchor, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { IconCash } from '../../../icons/IconCash';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { IconId } from '../../../icons/IconId';
import { IconReceipt } from '../../../icons/IconReceipt';
import { IconTrophy } from '../../../icons/IconTrophy';
import { IconUsers } from '../../../icons/IconUsers';
import { useDashboardStatsQuery } from '../api/get-dashboard-stats';
import { ActivityChart, ActivityChartSkeleton } from './activity-chart';
import { AdminPageHeader } from './admin-page-header';
import { depositColumns } from './deposit-columns';
import { GrowthBadge } from './growth-badge';
import { OpenReviewsNotice } from './open-reviews-notice';
import { userDetailPath } from './users-table';

const count = new Intl.NumberFormat('en-US');
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

type StatCardProps = { label: string; value: string; icon: ReactNode; footer: ReactNode };

function StatCard({ label, value, icon, footer }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={labelId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id={labelId} size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <ThemeIcon variant="light" radius="md" size={32} aria-hidden>
            {icon}
          </ThemeIcon>
        </Group>
        <Text fz={{ base: 26, sm: 30 }} fw={800} lh={1.15} style={tabular}>
          {value}
        </Text>
        <Group gap={6} wrap="nowrap">
          {footer}
        </Group>
      </Stack>
    </Paper>
  );
}

function Growth({ growth }: { growth: number }) {
  return (
    <>
      <GrowthBadge growth={growth} />
      <Text size="xs" c="dimmed" aria-hidden>
        vs last week
      </Text>
    </>
  );
}

function StatCards({ stats }: { stats: AdminDashboardStats }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="lg">
      <StatCard
        label="Total Users"
        value={count.format(stats.totalUsers)}
        icon={<IconUsers size={18} />}
        footer={<Growth growth={stats.usersGrowth} />}
      />
      <StatCard
        label="Verified Cardholders"
        value={count.format(stats.verifiedCardholders)}
        icon={<IconId size={18} />}
        footer={
          <Text size="xs" c="dimmed">
            Identity approved by the card issuer
          </Text>
        }
      />
      <StatCard
        label="Total Cards"
        value={count.format(stats.totalCards)}
        icon={<IconCreditCard size={18} />}
        footer={<Growth growth={stats.cardsGrowth} />}
      />
      <StatCard
        label="Total Paid Invoices"
        value={count.format(stats.totalPaidInvoices)}
        icon={<IconReceipt size={18} />}
        footer={<Growth growth={stats.paidInvoicesGrowth} />}
      />
      <StatCard
        label="Funds Loaded"
        value={formatCents(stats.totalFunds)}
        icon={<IconCash size={18} />}
        footer={
          <Text size="xs" c="dimmed">
            Total to date, from paid top-ups
          </Text>
        }
      />
    </SimpleGrid>
  );
}

function StatCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="lg" aria-hidden>
      {['users', 'cardholders', 'cards', 'invoices', 'funds'].map((key) => (
        <Paper key={key} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap={10}>
            <Skeleton h={12} w={110} />
            <Skeleton h={28} w={90} />
            <Skeleton h={18} w={140} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

type TopUser = AdminDashboardStats['top5Users'][number];

function topUserColumns(users: readonly TopUser[]): DataTableColumn<TopUser>[] {
  const rankOf = (user: TopUser) => users.indexOf(user) + 1;
  return [
    {
      key: 'rank',
      header: 'Rank',
      width: 56,
      render: (user) => (
        <Text size="sm" c="dimmed" fw={700} style={tabular}>
          {rankOf(user)}
        </Text>
      ),
      stacked: 'hidden',
      skeleton: { w: 16, h: 12 },
    },
    {
      key: 'user',
      header: 'User',
      render: (user) => (
        <Anchor component={Link} to={userDetailPath(user)} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Anchor>
      ),
      renderStacked: (user) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" inherit>
            {rankOf(user)}.{' '}
          </Text>
          <Anchor component={Link} to={userDetailPath(user)} inherit>
            {user.email}
          </Anchor>
        </Text>
      ),
      stacked: 'title',
      skeleton: { w: 150, h: 12 },
    },
    {
      key: 'load',
      header: 'Account load',
      width: 130,
      align: 'right',
      render: (user) => (
        <Text size="sm" fw={700} style={tabular}>
          {formatCents(user.accountLoad)}
        </Text>
      ),
      stacked: 'aside',
      skeleton: { w: 72, h: 12 },
    },
  ];
}

type PanelProps = { title: string; description?: string; children: ReactNode };

function Panel({ title, description, children }: PanelProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} h="100%">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

const RECENT_COLUMNS = depositColumns({ withProviderId: false });

function paidPageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The admin dashboard: users, cards and paid invoices with their growth on last week, funds loaded, the last 7 days
 * as a chart, the top 5 users by account load, and the latest paid top-ups (5 per page, `?paidPage=` in the address).
 */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const paidPage = paidPageFrom(params.get('paidPage'));
  const query = useDashboardStatsQuery(paidPage);
  const { data: stats, isPending, isError } = query;
  // Only the transactions change between pages: the rest stays as it is while the next page loads.
  const isPaging = query.isPlaceholderData;

  const setPaidPage = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('paidPage', String(page));
      else next.delete('paidPage');
      return next;
    });

  const header = (
    <AdminPageHeader
      title="Dashboard"
      description="Platform overview. Growth compares the last 7 days with the 7 before."
    />
  );

  if (isError && !stats) {
    return (
      <Stack gap="lg">
        {header}
        <Paper withBorder radius="lg">
          <ErrorState
            headingLevel={2}
            title="The platform figures could not be loaded"
            onRetry={() => void query.refetch()}
          />
        </Paper>
      </Stack>
    );
  }

  const topUsers = stats?.top5Users ?? [];
  return (
    <Stack gap="lg" aria-busy={isPending}>
      {header}
      {stats ? <OpenReviewsNotice openReviews={stats.openReviews} /> : null}
      {stats ? <StatCards stats={stats} /> : <StatCardsSkeleton />}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {stats ? <ActivityChart days={stats.last7daysStats} /> : <ActivityChartSkeleton />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Panel title="Top 5 Users by Account Load" description="What each one's paid top-ups credited, to date">
            <DataTable
              label="Top 5 users by account load"
              noun="top users"
              columns={topUserColumns(topUsers)}
              rows={stats?.top5Users}
              rowKey={(user) => user._id}
              isLoading={isPending}
              isError={false}
              empty={
                <EmptyState
                  icon={<IconTrophy size={26} />}
                  title="No top-ups paid yet"
                  description="Users appear here once their crypto top-ups are paid."
                />
              }
            />
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel title="Recent Platform Transactions" description="Paid top-ups across the platform, newest first">
        <DataTable
          label="Recent platform transactions"
          noun="transactions"
          columns={RECENT_COLUMNS}
          rows={stats?.paidTransactions.transactions}
          rowKey={(deposit: Deposit) => deposit._id}
          isLoading={isPending}
          isError={isError}
          onRetry={() => void query.refetch()}
          isRefreshing={isPaging}
          minWidth={820}
          skeletonRows={5}
          pagination={stats ? { meta: stats.paidTransactions.meta, page: paidPage, onChange: setPaidPage } : null}
          empty={
            <EmptyState
              icon={<IconReceipt size={26} />}
              title="No paid transactions yet"
              description="Top-ups appear here, newest first, as soon as they are paid."
            />
          }
        />
      </Panel>
    </Stack>
  );
}
