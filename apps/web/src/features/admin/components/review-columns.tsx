import type { Review } from '@coincard/shared';
import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { formatDateTime } from './format-date';
import { formatAge, REVIEW_KIND_LABELS, REVIEW_SUBJECT_LABELS, reviewFigures } from './review-facts';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

function Subject({ review }: { review: Review }) {
  return (
    <Stack gap={2}>
      {review.user ? (
        <Anchor component={Link} to={`/users/${review.user._id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {review.user.email}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          No user
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {REVIEW_SUBJECT_LABELS[review.subject.type]}{' '}
        <Text span ff="monospace" inherit>
          {review.subject.id}
        </Text>
      </Text>
    </Stack>
  );
}

function Figures({ review }: { review: Review }) {
  const figures = reviewFigures(review);
  if (figures.length === 0) {
    return (
      <Text size="sm" c="dimmed" aria-label="No amounts">
        —
      </Text>
    );
  }
  return (
    <Box component="dl" m={0} style={{ overflowWrap: 'anywhere' }}>
      {figures.map((figure) => (
        <Text key={figure.label} size="xs" component="div">
          <Text component="dt" display="inline" c="dimmed" inherit>
            {figure.label}:
          </Text>{' '}
          <Text component="dd" display="inline" m={0} fw={600} inherit style={tabular}>
            {figure.value}
          </Text>
        </Text>
      ))}
    </Box>
  );
}

function Resolution({ review }: { review: Review }) {
  const resolution = review.resolution;
  if (!resolution) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {resolution.note}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {resolution.resolvedBy ? resolution.resolvedBy.email : 'Closed by the app'} ·{' '}
        <time dateTime={resolution.resolvedAt}>{formatDateTime(resolution.resolvedAt)}</time>
      </Text>
    </Stack>
  );
}

type ReviewColumnOptions = {
  onResolve: (review: Review) => void;
  /** Resolved reviews show their note in the last column, which then takes a share of the width. */
  resolved: boolean;
};

/** The queue's columns: Kind, Subject (the user links to their page), Reason, Amounts, Age, and Resolve or the decision. */
export function reviewColumns({ onResolve, resolved }: ReviewColumnOptions): DataTableColumn<Review>[] {
  return [
    {
      key: 'kind',
      header: 'Kind',
      width: 160,
      render: (review) => (
        <Text size="sm" fw={600}>
          {REVIEW_KIND_LABELS[review.kind]}
        </Text>
      ),
      stacked: 'title',
      skeleton: { w: 130, h: 12 },
    },
    {
      key: 'subject',
      header: 'Subject',
      render: (review) => <Subject review={review} />,
      skeleton: { w: 150, h: 12 },
    },
    {
      key: 'reason',
      header: 'Reason',
      render: (review) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {review.reason}
        </Text>
      ),
      skeleton: { w: 200, h: 12 },
    },
    {
      key: 'amounts',
      header: 'Amounts',
      width: 170,
      render: (review) => <Figures review={review} />,
      skeleton: { w: 100, h: 12 },
    },
    {
      key: 'age',
      header: 'Age',
      width: 110,
      render: (review) => (
        <Text component="time" dateTime={review.createdAt} size="sm" title={formatDateTime(review.createdAt)}>
          {formatAge(review.createdAt)}
        </Text>
      ),
      renderStacked: (review) => (
        <Text
          component="time"
          dateTime={review.createdAt}
          size="xs"
          c="dimmed"
          title={formatDateTime(review.createdAt)}
        >
          {formatAge(review.createdAt)}
        </Text>
      ),
      stacked: 'aside',
      skeleton: { w: 70, h: 12 },
    },
    {
      key: 'decision',
      header: 'Decision',
      ...(resolved ? {} : { width: 120 }),
      render: (review) =>
        review.resolution ? (
          <Resolution review={review} />
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            onClick={() => onResolve(review)}
            aria-label={`Resolve: ${REVIEW_KIND_LABELS[review.kind]}${review.user ? ` for ${review.user.email}` : ''}`}
          >
            Resolve
          </Button>
        ),
      stacked: 'footer',
      skeleton: { w: 70, h: 22 },
    },
  ];
}
