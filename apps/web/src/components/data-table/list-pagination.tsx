import { LIST_COUNT_CAP, PAGINATION_SIBLINGS, type PageMeta } from '@coincard/shared';
import { Group, Pagination, Text } from '@mantine/core';

type ListPaginationProps = {
  meta: PageMeta;
  page: number;
  onChange: (page: number) => void;
  /** The plural noun of the rows, for the range line and the navigation's name: "users". */
  noun: string;
};

const count = new Intl.NumberFormat('en-US');

/**
 * "Showing 11–20 of 23" and the page buttons (2 siblings: docs/product-rules.md, Lists and pagination), when there is
 * more than one page.
 */
export function ListPagination({ meta, page, onChange, noun }: ListPaginationProps) {
  if (meta.pages <= 1) return null;
  const first = (page - 1) * meta.pageSize + 1;
  const last = Math.min(page * meta.pageSize, meta.total);
  // A total at the cap is a count the API stopped at: "of 10,000+".
  const total = `${count.format(meta.total)}${meta.total >= LIST_COUNT_CAP ? '+' : ''}`;
  const range = first > meta.total ? null : `Showing ${count.format(first)}–${count.format(last)} of ${total}`;

  return (
    <Group justify="space-between" gap="sm" mt="xs">
      <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {range}
      </Text>
      <nav aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)} pages`}>
        <Pagination
          total={meta.pages}
          value={Math.min(page, meta.pages)}
          onChange={onChange}
          siblings={PAGINATION_SIBLINGS}
          size="sm"
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      </nav>
    </Group>
  );
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;
