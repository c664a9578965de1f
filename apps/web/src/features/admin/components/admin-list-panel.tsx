import { NARROW_SCREEN_PX, type PageMeta } from '@coincard/shared';
import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';
import type { useListParams } from './use-list-params';

type ListQuery<T> = {
  data: { meta: PageMeta; items: readonly T[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

type AdminListPanelProps<T> = {
  /** The plural noun of the rows: "users", "transactions". */
  noun: string;
  searchLabel: string;
  searchPlaceholder: string;
  list: ReturnType<typeof useListParams>;
  query: ListQuery<T>;
  /** Shown when the platform has none at all (no search). */
  empty: { icon: ReactNode; title: string; description: string };
  renderSkeleton: (isNarrow: boolean) => ReactNode;
  renderItems: (items: readonly T[], isNarrow: boolean) => ReactNode;
};

const count = new Intl.NumberFormat('en-US');

function summaryOf(meta: PageMeta, noun: string, search: string): string {
  const total = `${count.format(meta.total)} ${meta.total === 1 ? noun.replace(/s$/, '') : noun}`;
  return search ? `${total} matching “${search}”` : total;
}

/**
 * One admin list: search box, a table (or a stacked list below 768px), and its loading, error, empty and
 * no-match states, with pagination under it. The pages only say what a row looks like.
 */
export function AdminListPanel<T>(props: AdminListPanelProps<T>) {
  const { noun, list, query, empty } = props;
  const isNarrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const { data } = query;
  const isSearching = query.isFetching && list.draft.trim() !== '' && !query.isPending;

  let body: ReactNode;
  if (query.isPending) {
    body = props.renderSkeleton(isNarrow);
  } else if (query.isError || !data) {
    body = (
      <ErrorState headingLevel={2} title={`The ${noun} could not be loaded`} onRetry={() => void query.refetch()} />
    );
  } else if (data.meta.total === 0 && list.search) {
    body = (
      <EmptyState
        headingLevel={2}
        icon={<IconSearchOff size={26} />}
        title={`No ${noun} match “${list.search}”`}
        description="Check the spelling. Part of an e-mail address is enough; ids must be typed in full."
        action={
          <Button variant="light" mt="xs" onClick={list.clearSearch}>
            Clear search
          </Button>
        }
      />
    );
  } else if (data.meta.total === 0) {
    body = <EmptyState headingLevel={2} icon={empty.icon} title={empty.title} description={empty.description} />;
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        headingLevel={2}
        icon={<IconSearchOff size={26} />}
        title={`Page ${list.page} is empty`}
        description={`There ${data.meta.pages === 1 ? 'is 1 page' : `are ${data.meta.pages} pages`} of ${noun}.`}
        action={
          <Button variant="light" mt="xs" onClick={() => list.setPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
  } else {
    body = props.renderItems(data.items, isNarrow);
  }

  const summary = data && !query.isError ? summaryOf(data.meta, noun, list.search) : '';

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-label={`All ${noun}`}
      aria-busy={query.isPending || query.isPlaceholderData}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="center">
          <ListSearch
            label={props.searchLabel}
            placeholder={props.searchPlaceholder}
            value={list.draft}
            onChange={list.changeSearch}
            onClear={list.clearSearch}
            onSubmit={list.searchNow}
            isSearching={isSearching}
          />
          <Text role="status" size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {data && data.meta.total === 0 ? <VisuallyHidden>{summary}</VisuallyHidden> : summary}
          </Text>
        </Group>
        <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</div>
        {data && !query.isError ? (
          <ListPagination meta={data.meta} page={list.page} onChange={list.setPage} noun={noun} />
        ) : null}
      </Stack>
    </Paper>
  );
}
