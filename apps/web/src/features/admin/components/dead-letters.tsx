import type { DeadLetter } from '@coincard/shared';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconFilterOff } from '../../../icons/IconFilterOff';
import { IconHistory } from '../../../icons/IconHistory';
import { IconRefresh } from '../../../icons/IconRefresh';
import { useDeadLettersQuery } from '../api/get-dead-letters';
import { useRetryDeadLetterMutation } from '../api/retry-dead-letter';
import { formatDateTime } from './format-date';
import { JOB_QUEUE_LABELS, jobQueueLabel } from './job-queue-labels';
import { formatAge } from './review-facts';
import { useDeadLetterParams } from './use-dead-letter-params';

const QUEUE_OPTIONS = [
  { value: 'all', label: 'All queues' },
  ...Object.entries(JOB_QUEUE_LABELS).map(([value, label]) => ({ value, label })),
];

function deadLetterColumns(onRetry: (job: DeadLetter) => void): DataTableColumn<DeadLetter>[] {
  return [
    {
      key: 'queue',
      header: 'Queue',
      width: 190,
      render: (job) => (
        <Text size="sm" fw={600}>
          {jobQueueLabel(job.queue)}
        </Text>
      ),
      stacked: 'title',
      skeleton: { w: 130, h: 12 },
    },
    {
      key: 'item',
      header: 'Item',
      width: 190,
      render: (job) =>
        job.item ? (
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {job.item}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            Sealed payload
          </Text>
        ),
      skeleton: { w: 150, h: 12 },
    },
    {
      key: 'error',
      header: 'Last error',
      render: (job) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {job.error ?? 'No message was kept.'}
        </Text>
      ),
      skeleton: { w: 200, h: 12 },
    },
    {
      key: 'attempts',
      header: 'Tries',
      width: 80,
      align: 'right',
      render: (job) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {job.attempts}
        </Text>
      ),
      skeleton: { w: 20, h: 12 },
    },
    {
      key: 'failed',
      header: 'Failed',
      width: 120,
      render: (job) =>
        job.failedAt ? (
          <Text component="time" dateTime={job.failedAt} size="sm" title={formatDateTime(job.failedAt)}>
            {formatAge(job.failedAt)}
          </Text>
        ) : null,
      stacked: 'aside',
      skeleton: { w: 60, h: 12 },
    },
    {
      key: 'retry',
      header: 'Retry',
      hideHeader: true,
      width: 110,
      align: 'right',
      render: (job) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => onRetry(job)}
          aria-label={`Retry the ${jobQueueLabel(job.queue)} job that failed with: ${job.error ?? 'no message'}`}
        >
          Retry
        </Button>
      ),
      stacked: 'footer',
    },
  ];
}

function RetryModal({ job, onClose }: { job: DeadLetter | null; onClose: () => void }) {
  const retry = useRetryDeadLetterMutation();
  return (
    <Modal opened={job !== null} onClose={onClose} title="Retry this job?" centered>
      {job ? (
        <Stack gap="md">
          <Text size="sm">
            The {jobQueueLabel(job.queue)} job goes back to its queue and runs again at once. It works on the item as it
            stands now, so running it again is safe; if it fails again it is retried with back-off before it comes back
            here.
          </Text>
          {job.error ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Last error: {job.error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={retry.isPending}
              onClick={() => retry.mutate(job._id, { onSettled: onClose })}
              data-autofocus
            >
              Retry the job
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Jobs that failed for good, newest first, each sent back to its queue by a person. */
export function DeadLetters() {
  const { queue, page, setQueue, setPage } = useDeadLetterParams();
  const query = useDeadLettersQuery({ queue, page });
  const [retrying, setRetrying] = useState<DeadLetter | null>(null);
  const columns = useMemo(() => deadLetterColumns(setRetrying), []);
  const { data } = query;

  let empty: ReactNode;
  if (data && data.meta.total > 0) {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconHistory size={26} />}
        title={`Page ${page} is empty`}
        description="The dead letters on it were retried meanwhile."
        action={
          <Button variant="light" mt="xs" onClick={() => setPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (queue) {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconFilterOff size={26} />}
        title="No dead letters in this queue"
        description={jobQueueLabel(queue)}
        action={
          <Button variant="light" mt="xs" onClick={() => setQueue(null)}>
            Show all queues
          </Button>
        }
      />
    );
  } else {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconCircleCheck size={26} />}
        title="No dead letters"
        description="Every job has finished or is still being retried. A job that fails for good appears here."
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Queue"
          data={QUEUE_OPTIONS}
          value={queue ?? 'all'}
          onChange={(value) => setQueue(value && value !== 'all' ? value : null)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
          comboboxProps={{ withinPortal: true }}
        />
        {data ? (
          <Text role="status" size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {data.meta.total === 1 ? '1 dead letter' : `${data.meta.total} dead letters`}
          </Text>
        ) : null}
      </Group>
      <DataTable
        label="Dead letters"
        noun="dead letters"
        columns={columns}
        rows={data?.deadLetters}
        rowKey={(job) => job._id}
        isLoading={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        errorTitle="The dead letters could not be loaded"
        headingLevel={2}
        isRefreshing={query.isPlaceholderData}
        minWidth={880}
        skeletonRows={4}
        pagination={data ? { meta: data.meta, page, onChange: setPage } : null}
        empty={empty}
      />
      <RetryModal job={retrying} onClose={() => setRetrying(null)} />
    </Stack>
  );
}
