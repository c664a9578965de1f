import type { QueueStats } from '@coincard/shared';
import { Badge, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconStack2 } from '../../../icons/IconStack2';
import { useJobsOverviewQuery } from '../api/get-jobs-overview';
import { formatWait, jobQueueLabel } from './job-queue-labels';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const count = new Intl.NumberFormat('en-US');

const columns: DataTableColumn<QueueStats>[] = [
  {
    key: 'queue',
    header: 'Queue',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {jobQueueLabel(row.queue)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.queue}
        </Text>
      </Stack>
    ),
    // On a phone one line says it all: the counts beside the name, each column's cell left out.
    renderStacked: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {jobQueueLabel(row.queue)}
        </Text>
        <Text size="xs" c="dimmed" style={tabular}>
          {count.format(row.waiting)} waiting · {count.format(row.running)} running
          {row.oldestWaitingSeconds === null ? '' : ` · oldest ${formatWait(row.oldestWaitingSeconds)}`}
        </Text>
      </Stack>
    ),
    stacked: 'title',
    skeleton: { w: 160, h: 12 },
  },
  {
    key: 'waiting',
    header: 'Waiting',
    width: 110,
    align: 'right',
    render: (row) => (
      <Text size="sm" style={tabular}>
        {count.format(row.waiting)}
      </Text>
    ),
    stacked: 'hidden',
    skeleton: { w: 30, h: 12 },
  },
  {
    key: 'running',
    header: 'Running',
    width: 110,
    align: 'right',
    render: (row) => (
      <Text size="sm" style={tabular}>
        {count.format(row.running)}
      </Text>
    ),
    stacked: 'hidden',
    skeleton: { w: 30, h: 12 },
  },
  {
    key: 'dead',
    header: 'Dead letters',
    width: 130,
    align: 'right',
    render: (row) =>
      row.deadLetters > 0 ? (
        <Badge color="red" variant="light" style={tabular}>
          {count.format(row.deadLetters)}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed" style={tabular}>
          0
        </Text>
      ),
    renderStacked: (row) =>
      row.deadLetters > 0 ? (
        <Badge color="red" variant="light" style={tabular}>
          {count.format(row.deadLetters)} dead
        </Badge>
      ) : null,
    stacked: 'aside',
    skeleton: { w: 30, h: 12 },
  },
  {
    key: 'oldest',
    header: 'Oldest wait',
    width: 130,
    align: 'right',
    render: (row) => (
      <Text size="sm" style={tabular}>
        {formatWait(row.oldestWaitingSeconds)}
      </Text>
    ),
    stacked: 'hidden',
    skeleton: { w: 40, h: 12 },
  },
];

/** Every queue's backlog, read again every 15 seconds. */
export function JobQueuesTable() {
  const query = useJobsOverviewQuery();
  return (
    <DataTable
      label="Queues"
      noun="queues"
      columns={columns}
      rows={query.data?.queues}
      rowKey={(row) => row.queue}
      isLoading={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      errorTitle="The queues could not be loaded"
      headingLevel={2}
      minWidth={560}
      verticalSpacing="xs"
      skeletonRows={6}
      empty={<EmptyState headingLevel={2} icon={<IconStack2 size={26} />} title="No queues" description="" />}
    />
  );
}
