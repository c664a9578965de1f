import { REVIEW_KINDS, type Review, type ReviewKind } from '@coincard/shared';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconClipboardCheck } from '../../../icons/IconClipboardCheck';
import { IconFilterOff } from '../../../icons/IconFilterOff';
import { IconHistory } from '../../../icons/IconHistory';
import { useReviewsQuery } from '../api/get-reviews';
import { AdminPageHeader } from './admin-page-header';
import { ResolveReviewModal } from './resolve-review-modal';
import { reviewColumns } from './review-columns';
import { REVIEW_KIND_LABELS } from './review-facts';
import { useReviewParams } from './use-review-params';

const count = new Intl.NumberFormat('en-US');
const KIND_OPTIONS = [
  { value: 'all', label: 'All kinds' },
  ...REVIEW_KINDS.map((kind) => ({ value: kind, label: REVIEW_KIND_LABELS[kind] })),
];

/**
 * The review queue: what the app would not settle on its own (a provider contradicting a final top-up, an amount that
 * does not add up, an event nobody could apply, a card balance the issuer does not share), open or resolved, newest
 * first. Resolving records a person's decision with a note; it moves no money.
 */
export function ReviewQueue() {
  const { status, kind, page, setStatus, setKind, setPage } = useReviewParams();
  const query = useReviewsQuery({ status, kind, page });
  const { data } = query;
  const [resolving, setResolving] = useState<Review | null>(null);
  const columns = useMemo(() => reviewColumns({ onResolve: setResolving, resolved: status === 'resolved' }), [status]);

  let summary = '';
  if (data && !query.isError) {
    const noun = data.meta.total === 1 ? 'review' : 'reviews';
    summary = `${count.format(data.meta.total)} ${status} ${noun}${kind ? ` of this kind` : ''}`;
  }

  let empty: ReactNode;
  if (data && data.meta.total > 0) {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconHistory size={26} />}
        title={`Page ${page} is empty`}
        description={`There ${data.meta.pages === 1 ? 'is 1 page' : `are ${data.meta.pages} pages`} of reviews.`}
        action={
          <Button variant="light" mt="xs" onClick={() => setPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (kind) {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconFilterOff size={26} />}
        title={`No ${status} reviews of this kind`}
        description={REVIEW_KIND_LABELS[kind]}
        action={
          <Button variant="light" mt="xs" onClick={() => setKind(null)}>
            Show all kinds
          </Button>
        }
      />
    );
  } else if (status === 'open') {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconClipboardCheck size={26} />}
        title="Nothing to review"
        description="Nothing disagrees with our records right now. Disagreements appear here as soon as they are found."
      />
    );
  } else {
    empty = (
      <EmptyState
        headingLevel={2}
        icon={<IconHistory size={26} />}
        title="Nothing resolved yet"
        description="Reviews appear here once a person, or the app itself, has closed them."
      />
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Reviews"
        description="Provider answers and balances that disagree with our records, held for a person. Resolving records your decision; it moves no money."
      />
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-label="Review queue"
        aria-busy={query.isPending || query.isPlaceholderData}
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" align="flex-end">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SegmentedControl
                aria-label="Show"
                value={status}
                onChange={(value) => setStatus(value === 'resolved' ? 'resolved' : 'open')}
                data={[
                  { value: 'open', label: 'Open' },
                  { value: 'resolved', label: 'Resolved' },
                ]}
              />
              <Select
                label="Kind"
                data={KIND_OPTIONS}
                value={kind ?? 'all'}
                onChange={(value) => setKind(value && value !== 'all' ? (value as ReviewKind) : null)}
                allowDeselect={false}
                w={{ base: '100%', xs: 300 }}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <Text role="status" size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {data && data.meta.total === 0 ? <VisuallyHidden>{summary}</VisuallyHidden> : summary}
            </Text>
          </Group>
          <DataTable
            label={status === 'open' ? 'Open reviews' : 'Resolved reviews'}
            noun="reviews"
            columns={columns}
            rows={data?.reviews}
            rowKey={(review) => review._id}
            isLoading={query.isPending}
            isError={query.isError}
            onRetry={() => void query.refetch()}
            errorTitle="The reviews could not be loaded"
            headingLevel={2}
            isRefreshing={query.isPlaceholderData}
            minWidth={880}
            skeletonRows={5}
            pagination={data ? { meta: data.meta, page, onChange: setPage } : null}
            empty={empty}
          />
        </Stack>
      </Paper>
      <ResolveReviewModal review={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}
