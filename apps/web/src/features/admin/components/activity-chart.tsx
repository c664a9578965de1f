import type { DailyStats } from '@coincard/shared';
import { Box, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { lazyPage } from '../../../lib/lazy-page';
import { formatUtcDay, formatUtcShortDay } from './format-date';

// The chart library (recharts under @mantine/charts) is most of the admin console's code: it loads with the first
// chart shown, not with every admin page.
const ActivityBarChart = lazyPage(() => import('./activity-bar-chart'), 'ActivityBarChart');
const BAR_CHART_HEIGHT = 280;

const count = new Intl.NumberFormat('en-US');
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

const SERIES = [
  { name: 'usersRegistered', label: 'Users registered', color: 'var(--cc-chart-users)' },
  { name: 'cardsCreated', label: 'Cards created', color: 'var(--cc-chart-cards)' },
  { name: 'paidInvoices', label: 'Paid invoices', color: 'var(--cc-chart-invoices)' },
] as const;

type Metric = (typeof SERIES)[number]['name'];

function total(days: readonly DailyStats[], metric: Metric): number {
  return days.reduce((sum, day) => sum + day[metric], 0);
}

function plural(value: number, one: string, many: string): string {
  return `${count.format(value)} ${value === 1 ? one : many}`;
}

/** The chart in words, for screen readers: the week's totals and its busiest day. */
export function describeWeek(days: readonly DailyStats[]): string {
  if (days.length === 0) return 'No activity data for the last 7 days.';
  const first = days[0] as DailyStats;
  const last = days[days.length - 1] as DailyStats;
  const busiest = days.reduce((best, day) => {
    const size = day.usersRegistered + day.cardsCreated + day.paidInvoices;
    return size > best.usersRegistered + best.cardsCreated + best.paidInvoices ? day : best;
  }, first);
  const totals = `${plural(total(days, 'usersRegistered'), 'user registered', 'users registered')}, ${plural(total(days, 'cardsCreated'), 'card created', 'cards created')} and ${plural(total(days, 'paidInvoices'), 'paid invoice', 'paid invoices')}`;
  const range = `${formatUtcDay(first.date)} to ${formatUtcDay(last.date)}`;
  const isQuiet = busiest.usersRegistered + busiest.cardsCreated + busiest.paidInvoices === 0;
  return `From ${range}: ${totals}.${isQuiet ? '' : ` Busiest day: ${formatUtcDay(busiest.date)}.`}`;
}

const DAY_COLUMNS: DataTableColumn<DailyStats>[] = [
  {
    key: 'date',
    header: 'Day (UTC)',
    render: (day) => (
      <Text component="time" dateTime={day.date} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatUtcDay(day.date)}
      </Text>
    ),
    stacked: 'title',
  },
  ...SERIES.map(
    ({ name, label }): DataTableColumn<DailyStats> => ({
      key: name,
      header: label,
      align: 'right',
      render: (day) => (
        <Text size="sm" style={tabular}>
          {count.format(day[name])}
        </Text>
      ),
    }),
  ),
];

type ActivityChartProps = { days: readonly DailyStats[] };

/**
 * Users registered, cards created and paid invoices per UTC day for the last 7 days: a bar chart with its numbers in
 * words for screen readers, or the same numbers as a table.
 */
export function ActivityChart({ days }: ActivityChartProps) {
  const titleId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const data = days.map((day) => ({ ...day, day: formatUtcShortDay(day.date) }));
  const summary = describeWeek(days);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              Last 7 days
            </Title>
            <Text size="xs" c="dimmed">
              Users registered, cards created and paid invoices per day (UTC)
            </Text>
          </Stack>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
            data={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
            aria-label="Show the last 7 days as"
          />
        </Group>
        {view === 'chart' ? (
          <Box role="img" aria-label={`Bar chart of the last 7 days. ${summary}`}>
            <Suspense fallback={<Skeleton h={BAR_CHART_HEIGHT} />}>
              <ActivityBarChart
                height={BAR_CHART_HEIGHT}
                data={data}
                series={SERIES}
                valueFormatter={(value) => count.format(value)}
              />
            </Suspense>
          </Box>
        ) : (
          <DataTable
            label="Last 7 days, per UTC day"
            noun="days"
            columns={DAY_COLUMNS}
            rows={days}
            rowKey={(day) => day.date}
            isLoading={false}
            isError={false}
            empty={null}
            verticalSpacing="xs"
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The chart's loading shape. */
export function ActivityChartSkeleton() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="md">
        <Skeleton h={18} w={120} />
        <Group align="flex-end" gap="sm" h={220} wrap="nowrap">
          {[40, 70, 55, 90, 65, 80, 50].map((height, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder bars
            <Skeleton key={index} h={`${height}%`} style={{ flex: 1 }} />
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
