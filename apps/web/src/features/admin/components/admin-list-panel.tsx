import type { PageMeta } from '@coincard/shared';
import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconSearchOff } from '../../../icons/IconSearchOff';
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
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string;
  onRowClick?: (row: T) => void;
  minWidth: number;
};

const count = new Intl.NumberFormat('en-US');

function summaryOf(meta: PageMeta, noun: string, search: string): string {
  const total = `${count.format(meta.total)} ${meta.total === 1 ? noun.replace(/s$/, '') : noun}`;
  return search ? `${total} matching “${search}”` : total;
}

/**
 * One searchable admin list: the search box and a count over the shared table, which brings the loading, error and
 * pagination; this panel says what "empty" means here (none yet, no match, a page past the end).
 */
export function AdminListPanel<T>(props: AdminListPanelProps<T>) {
  const { noun, list, query, empty } = props;
  const { data } = query;
  const isSearching = query.isFetching && list.draft.trim() !== '' && !query.isPending;

  let emptyState: ReactNode;
  if (data && data.meta.total === 0 && list.search) {
    emptyState = (
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
  } else if (data && data.meta.total === 0) {
    emptyState = <EmptyState headingLevel={2} icon={empty.icon} title={empty.title} description={empty.description} />;
  } else {
    emptyState = (
      <EmptyState
        headingLevel={2}
        icon={<IconSearchOff size={26} />}
        title={`Page ${list.page} is empty`}
        description={`There ${data?.meta.pages === 1 ? 'is 1 page' : `are ${data?.meta.pages ?? 0} pages`} of ${noun}.`}
        action={
          <Button variant="light" mt="xs" onClick={() => list.setPage(1)}>
            Go to the first page
          </Button>
        }
      />
    );
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
        <DataTable
          label={`All ${noun}`}
          noun={noun}
          columns={props.columns}
          rows={data?.items}
          rowKey={props.rowKey}
          onRowClick={props.onRowClick}
          isLoading={query.isPending}
          isError={query.isError}
          onRetry={() => void query.refetch()}
          headingLevel={2}
          isRefreshing={query.isPlaceholderData}
          minWidth={props.minWidth}
          skeletonRows={6}
          empty={emptyState}
          pagination={data ? { meta: data.meta, page: list.page, onChange: list.setPage } : null}
        />
      </Stack>
    </Paper>
  );
}
