import { NARROW_SCREEN_PX, type PageMeta } from '@coincard/shared';
import { Box, Group, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { ErrorState } from '../error-state';
import classes from './data-table.module.css';
import { ListPagination } from './list-pagination';
import { type SkeletonCell, TableSkeletonRows } from './table-skeleton-rows';

/**
 * Where a column goes when the table becomes a stack of items below 768px: `title` top left, `aside` top right,
 * `line` a "label … value" line under them (the default), `footer` right-aligned at the bottom without a label,
 * `hidden` left out (for what the item already says another way).
 */
export type StackedPlacement = 'title' | 'aside' | 'line' | 'footer' | 'hidden';

export type DataTableColumn<T> = {
  key: string;
  /** The column header, and the label of the value in the stacked layout. */
  header: string;
  /** Keeps the header for screen readers only (an actions column). */
  hideHeader?: boolean;
  render: (row: T) => ReactNode;
  /** A different rendering for the stacked layout (a link covering the item, a shorter form). */
  renderStacked?: (row: T) => ReactNode;
  stacked?: StackedPlacement;
  /** Fixed width in px, so paging does not shift the columns; the columns without one share the rest. */
  width?: number;
  align?: 'left' | 'right';
  /** The loading placeholder's size in this column; none leaves the cell empty while loading. */
  skeleton?: { w: number; h: number };
};

export type DataTablePagination = {
  meta: PageMeta;
  page: number;
  onChange: (page: number) => void;
};

type DataTableProps<T> = {
  /** The accessible name of the table (or of the list on phones): "All users", "Your rewards". */
  label: string;
  /** The plural noun of the rows, for the error title and the pages' navigation: "users", "rewards". */
  noun: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows to show; undefined while nothing was loaded yet. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  isLoading: boolean;
  isError: boolean;
  onRetry?: () => void;
  errorTitle?: string;
  /** What to show when there are no rows: an EmptyState saying why and what to do next. */
  empty: ReactNode;
  /** Another page is loading over the one shown: it is dimmed and marked busy. */
  isRefreshing?: boolean;
  pagination?: DataTablePagination | null;
  skeletonRows?: number;
  /** Below this width (and above 768px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /**
   * Makes a whole table row open something, by click or by Enter once focused. In the stacked layout give the item a
   * link instead (`renderStacked` with `dataTableClasses.coverLink`).
   */
  onRowClick?: (row: T) => void;
  headingLevel?: 2 | 3 | 4;
  /** `auto` stacks the rows below 768px; `table` always keeps the table (a few narrow columns). */
  layout?: 'auto' | 'table';
  verticalSpacing?: 'xs' | 'sm' | 'md';
};

export const dataTableClasses = classes;

const ITEM_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

/** Whether the screen is narrower than 768px (the product's breakpoint), read at once so the first paint is right. */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width: ${NARROW_SCREEN_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
}

function placementOf<T>(column: DataTableColumn<T>): StackedPlacement {
  return column.stacked ?? 'line';
}

function isNothing(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || node === '';
}

function WideTable<T>(props: Omit<DataTableProps<T>, 'rows'> & { rows: readonly T[] | null }) {
  const { columns, rows, label, onRowClick, minWidth = 0, verticalSpacing = 'sm' } = props;
  const hasFixedWidths = columns.some((column) => column.width !== undefined);
  const skeletonCells: SkeletonCell[] = columns.map((column) => ({
    column: column.key,
    w: column.skeleton?.w,
    h: column.skeleton?.h ?? 12,
  }));

  const onClick = (event: MouseEvent, row: T) => {
    // Links and buttons inside the row do their own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    onRowClick?.(row);
  };
  const onKeyDown = (event: KeyboardEvent, row: T) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  };

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        verticalSpacing={verticalSpacing}
        highlightOnHover={rows !== null}
        layout={hasFixedWidths ? 'fixed' : 'auto'}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width} ta={column.align} className={classes.header}>
                {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {rows === null ? (
          <TableSkeletonRows cells={skeletonCells} rows={props.skeletonRows ?? 5} />
        ) : (
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={props.rowKey(row)}
                className={onRowClick ? classes.clickableRow : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? (event) => onClick(event, row) : undefined}
                onKeyDown={onRowClick ? (event) => onKeyDown(event, row) : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

function StackedItem<T>({ columns, row }: { columns: readonly DataTableColumn<T>[]; row: T }) {
  const cells = columns
    .filter((column) => placementOf(column) !== 'hidden')
    .map((column) => ({
      column,
      placement: placementOf(column),
      value: (column.renderStacked ?? column.render)(row),
    }))
    .filter((cell) => !isNothing(cell.value));
  const title = cells.filter((cell) => cell.placement === 'title');
  const aside = cells.filter((cell) => cell.placement === 'aside');
  const lines = cells.filter((cell) => cell.placement === 'line');
  const footer = cells.filter((cell) => cell.placement === 'footer');

  return (
    <li className={classes.item}>
      {title.length > 0 || aside.length > 0 ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            {title.map((cell) => (
              <Box key={cell.column.key} miw={0}>
                {cell.value}
              </Box>
            ))}
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {aside.map((cell) => (
              <Box key={cell.column.key}>{cell.value}</Box>
            ))}
          </Stack>
        </Group>
      ) : null}
      {lines.length > 0 ? (
        <dl className={classes.lines}>
          {lines.map((cell) => (
            <div key={cell.column.key} className={classes.line}>
              <dt>{cell.column.header}</dt>
              <dd>{cell.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {footer.length > 0 ? (
        <Group justify="flex-end" gap="xs">
          {footer.map((cell) => (
            <Box key={cell.column.key}>{cell.value}</Box>
          ))}
        </Group>
      ) : null}
    </li>
  );
}

function StackedSkeleton<T>({ columns, rows }: { columns: readonly DataTableColumn<T>[]; rows: number }) {
  const lines = columns.filter((column) => placementOf(column) === 'line').length;
  return (
    <Stack gap={0} aria-hidden>
      {ITEM_KEYS.slice(0, Math.min(rows, 4)).map((item) => (
        <Stack key={item} gap={10} className={classes.item}>
          <Group justify="space-between" wrap="nowrap">
            <Skeleton h={16} w="55%" radius="sm" />
            <Skeleton h={16} w={64} radius="sm" />
          </Group>
          {ITEM_KEYS.slice(0, Math.min(lines, 3)).map((line) => (
            <Group key={line} justify="space-between" wrap="nowrap">
              <Skeleton h={10} w={72} radius="sm" />
              <Skeleton h={10} w={96} radius="sm" />
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The one list component of the app: a table on wide screens, a stack of labelled items below 768px, with skeleton
 * rows while loading, an error with a retry, an empty state, and pagination (2 siblings) when there is more than one
 * page. Callers say what the columns are and what "empty" means.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, isLoading, isError, columns, label, noun, pagination, layout = 'auto' } = props;
  const isNarrowScreen = useIsNarrow();
  const isStacked = layout === 'auto' && isNarrowScreen;
  const isBusy = isLoading || Boolean(props.isRefreshing);

  let body: ReactNode;
  if (isLoading && rows === undefined) {
    body = isStacked ? (
      <StackedSkeleton columns={columns} rows={props.skeletonRows ?? 5} />
    ) : (
      <WideTable {...props} rows={null} />
    );
  } else if (isError || rows === undefined) {
    body = (
      <ErrorState
        headingLevel={props.headingLevel ?? 3}
        title={props.errorTitle ?? `The ${noun} could not be loaded`}
        onRetry={props.onRetry}
      />
    );
  } else if (rows.length === 0) {
    body = props.empty;
  } else if (isStacked) {
    body = (
      <ul className={classes.list} aria-label={label}>
        {rows.map((row) => (
          <StackedItem key={props.rowKey(row)} columns={columns} row={row} />
        ))}
      </ul>
    );
  } else {
    body = <WideTable {...props} rows={rows} />;
  }

  const showPagination = pagination && !isError && rows !== undefined;
  return (
    <Box aria-busy={isBusy} className={classes.root} data-refreshing={props.isRefreshing || undefined}>
      {isLoading && rows === undefined ? <VisuallyHidden role="status">{`Loading ${noun}…`}</VisuallyHidden> : null}
      {body}
      {showPagination ? (
        <ListPagination meta={pagination.meta} page={pagination.page} onChange={pagination.onChange} noun={noun} />
      ) : null}
    </Box>
  );
}
