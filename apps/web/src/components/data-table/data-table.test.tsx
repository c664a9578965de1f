import { LIST_COUNT_CAP, type PageMeta } from '@coincard/shared';
import { Text } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { EmptyState } from '../empty-state';
import { DataTable, type DataTableColumn } from './data-table';

type Fruit = { id: string; name: string; price: string; note: string | null };

const FRUITS: Fruit[] = [
  { id: '1', name: 'Apple', price: '$1.00', note: 'Crisp' },
  { id: '2', name: 'Banana', price: '$0.50', note: null },
];

const COLUMNS: DataTableColumn<Fruit>[] = [
  { key: 'name', header: 'Fruit', render: (fruit) => fruit.name, stacked: 'title', skeleton: { w: 80, h: 12 } },
  { key: 'price', header: 'Price', align: 'right', render: (fruit) => fruit.price, stacked: 'aside' },
  { key: 'note', header: 'Note', render: (fruit) => fruit.note },
  {
    key: 'action',
    header: 'Actions',
    hideHeader: true,
    render: (fruit) => <button type="button">Buy {fruit.name}</button>,
    stacked: 'footer',
  },
];

type Props = Partial<Parameters<typeof DataTable<Fruit>>[0]>;

function renderTable(props: Props = {}) {
  return renderWithProviders(
    <DataTable<Fruit>
      label="Fruit prices"
      noun="fruits"
      columns={COLUMNS}
      rows={FRUITS}
      rowKey={(fruit) => fruit.id}
      isLoading={false}
      isError={false}
      empty={<EmptyState icon={null} title="No fruit today" />}
      {...props}
    />,
  );
}

const wideMatchMedia = window.matchMedia;
function narrowScreen() {
  window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') });
}

afterEach(() => {
  window.matchMedia = wideMatchMedia;
});

describe('DataTable', () => {
  it('shows a named table with its headers (a visually hidden one included) and one row per item', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Fruit prices' });
    for (const header of ['Fruit', 'Price', 'Note', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('cell', { name: 'Apple' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Buy Banana' })).toBeInTheDocument();
  });

  it('shows skeleton rows and says it is loading while nothing has arrived', () => {
    const { container } = renderTable({ rows: undefined, isLoading: true, skeletonRows: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading fruits…');
    const table = screen.getByRole('table', { name: 'Fruit prices' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).queryByText('Apple')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows the empty state when there are no rows, and no pagination', () => {
    const meta: PageMeta = { page: 1, pageSize: 10, total: 0, pages: 0 };
    renderTable({ rows: [], pagination: { meta, page: 1, onChange: vi.fn() } });
    expect(screen.getByRole('heading', { name: 'No fruit today' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows an error with a retry, and the default title names the rows', async () => {
    const onRetry = vi.fn();
    renderTable({ rows: undefined, isError: true, onRetry });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The fruits could not be loaded' })).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load. Please try again.')).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('pages with named buttons and a range line when there is more than one page', async () => {
    const onChange = vi.fn();
    const meta: PageMeta = { page: 2, pageSize: 2, total: 5, pages: 3 };
    renderTable({ pagination: { meta, page: 2, onChange } });
    const nav = screen.getByRole('navigation', { name: 'Fruits pages' });
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 3–4 of 5')).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('says a total the API stopped counting at is at least that many', () => {
    const meta: PageMeta = { page: 3, pageSize: 2, total: LIST_COUNT_CAP, pages: LIST_COUNT_CAP / 2 };
    renderTable({ pagination: { meta, page: 3, onChange: vi.fn() } });
    expect(screen.getByText('Showing 5–6 of 10,000+')).toBeInTheDocument();
  });

  it('dims and marks busy a page being replaced by the next one', () => {
    const { container } = renderTable({ isRefreshing: true });
    const root = container.querySelector('[data-refreshing]');
    expect(root).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('opens a row by click or by Enter once focused, but not from a button inside it', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    const user = userEvent.setup();
    await user.click(screen.getByText('Apple'));
    expect(onRowClick).toHaveBeenLastCalledWith(FRUITS[0]);
    await user.click(screen.getByRole('button', { name: 'Buy Banana' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    const row = screen.getByText('Banana').closest('tr') as HTMLElement;
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(FRUITS[1]);
  });

  it('stacks each row as a labelled item below 768px, leaving out empty values', () => {
    narrowScreen();
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Fruit prices' });
    const [apple, banana] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(apple).getByText('Apple')).toBeInTheDocument();
    expect(within(apple).getByText('$1.00')).toBeInTheDocument();
    // A line is a term and its value.
    expect(within(apple).getByRole('term')).toHaveTextContent('Note');
    expect(within(apple).getByRole('definition')).toHaveTextContent('Crisp');
    expect(within(apple).getByRole('button', { name: 'Buy Apple' })).toBeInTheDocument();
    expect(within(banana).queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows stacked placeholders while loading below 768px, and keeps a table with layout="table"', () => {
    narrowScreen();
    const { unmount } = renderTable({ rows: undefined, isLoading: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading fruits…');
    unmount();

    renderTable({ layout: 'table', columns: [...COLUMNS.slice(0, 2)] });
    expect(screen.getByRole('table', { name: 'Fruit prices' })).toBeInTheDocument();
  });

  it('uses renderStacked on phones when a column has one', () => {
    narrowScreen();
    const columns: DataTableColumn<Fruit>[] = [
      { ...(COLUMNS[0] as DataTableColumn<Fruit>), renderStacked: (fruit) => <Text>{`${fruit.name}!`}</Text> },
    ];
    renderTable({ columns });
    expect(screen.getByText('Apple!')).toBeInTheDocument();
  });
});
