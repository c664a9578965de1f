import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDashboardStats, makeWeek } from '../../../test/admin';
import { makeDeposit } from '../../../test/deposits';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { AdminDashboard } from './admin-dashboard';

function renderDashboard(route = '/dashboard') {
  return renderWithProviders(
    <>
      <AdminDashboard />
      <LocationProbe />
    </>,
    { route },
  );
}

beforeEach(() => {
  // jsdom lays nothing out, so recharts warns that its box has no size; anything else still reaches the console.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('The width(0) and height(0) of chart')) return;
    warn(...args);
  });
});

const top = (index: number) => ({
  _id: `0190f5a2-7c1e-7b3a-9a4e-00000000070${index}`,
  email: `rich${index}@example.com`,
  accountLoad: 100_000 - index * 10_000,
});

describe('AdminDashboard', () => {
  it('shows the four stat cards with growth as an arrow, a sign and a colour', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        makeDashboardStats({
          totalUsers: 1234,
          usersGrowth: 12.5,
          totalCards: 56,
          cardsGrowth: -3.2,
          totalPaidInvoices: 78,
          paidInvoicesGrowth: 0,
          totalFunds: 1_234_567,
        }),
      ),
    );
    renderDashboard();

    const users = await screen.findByRole('region', { name: 'Total Users' });
    expect(within(users).getByText('1,234')).toBeInTheDocument();
    const up = within(users).getByRole('img', { name: 'Up 12.5% on last week' });
    expect(up).toHaveTextContent('+12.5%');
    expect(up).toHaveAttribute('data-trend', 'up');
    expect(up.getAttribute('style')).toContain('green');

    const cards = screen.getByRole('region', { name: 'Total Cards' });
    expect(within(cards).getByText('56')).toBeInTheDocument();
    const down = within(cards).getByRole('img', { name: 'Down 3.2% on last week' });
    expect(down).toHaveTextContent('−3.2%');
    expect(down.getAttribute('style')).toContain('red');

    const invoices = screen.getByRole('region', { name: 'Total Paid Invoices' });
    const flat = within(invoices).getByRole('img', { name: 'Unchanged from last week' });
    expect(flat).toHaveTextContent('0.0%');
    expect(flat.getAttribute('style')).toContain('gray');

    const funds = screen.getByRole('region', { name: 'Funds Loaded' });
    expect(within(funds).getByText('$12,345.67')).toBeInTheDocument();
    expect(within(funds).getByText('Total to date, from paid top-ups')).toBeInTheDocument();
  });

  it('draws the last 7 days as a chart described in words, and shows the same numbers as a table', async () => {
    const week = makeWeek([
      { usersRegistered: 2, cardsCreated: 1, paidInvoices: 1 },
      { usersRegistered: 5, cardsCreated: 3, paidInvoices: 4 },
      {},
      { usersRegistered: 1 },
      {},
      {},
      { paidInvoices: 2 },
    ]);
    mockFetch(() => jsonResponse(200, makeDashboardStats({ last7daysStats: week })));
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Last 7 days' });
    const chart = within(section).getByRole('img', { name: /^Bar chart of the last 7 days\./ });
    expect(chart).toHaveAccessibleName(
      'Bar chart of the last 7 days. From Mon, Mar 2 to Sun, Mar 8: 8 users registered, 4 cards created and 7 paid invoices. Busiest day: Tue, Mar 3.',
    );

    await userEvent.setup().click(within(section).getByRole('radio', { name: 'Table' }));
    const table = within(section).getByRole('table', { name: 'Last 7 days, per UTC day' });
    for (const header of ['Day (UTC)', 'Users registered', 'Cards created', 'Paid invoices']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Tue, Mar 3', '5', '3', '4']);
  });

  it('ranks the top 5 users by account load, each linking to their details', async () => {
    mockFetch(() => jsonResponse(200, makeDashboardStats({ top5Users: [1, 2, 3, 4, 5].map(top) })));
    renderDashboard();

    await screen.findByText('rich1@example.com');
    const table = screen.getByRole('table', { name: 'Top 5 users by account load' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'rich1@example.com' })).toHaveAttribute('href', `/users/${top(1)._id}`);
    expect(first.getByText('$900.00')).toBeInTheDocument();
  });

  it('pages the Recent Platform Transactions 5 at a time through paidPage', async () => {
    const fetchMock = mockFetch((url) => {
      const paidPage = Number(new URL(url, 'http://localhost').searchParams.get('paidPage'));
      const deposit = makeDeposit({
        status: 'PAID',
        email: `payer${paidPage}@example.com`,
        amount: paidPage * 1000,
        amountPaid: paidPage * 1000,
      });
      return jsonResponse(
        200,
        makeDashboardStats({ totalUsers: 9 }, { transactions: [deposit], page: paidPage, total: 12, pages: 3 }),
      );
    });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Recent Platform Transactions' });
    expect(await within(section).findByText('payer1@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/stats/dashboard?paidPage=1')).toBe(1);
    expect(within(section).getByText('Showing 1–5 of 12')).toBeInTheDocument();

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Page 2' }));
    expect(await within(section).findByText('payer2@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/stats/dashboard?paidPage=2')).toBe(1);
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/dashboard?paidPage=2');
    // The figures stay on screen while only the transactions change.
    expect(screen.getByRole('region', { name: 'Total Users' })).toHaveTextContent('9');
  });

  it('says when there is nothing yet, and offers a retry when the figures fail to load', async () => {
    let isDown = true;
    mockFetch(() =>
      isDown
        ? jsonResponse(500, { message: 'Internal error', errorCode: 'InternalError' })
        : jsonResponse(200, makeDashboardStats()),
    );
    renderDashboard();
    expect(
      await screen.findByRole('heading', { name: 'The platform figures could not be loaded' }),
    ).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No paid transactions yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No top-ups paid yet' })).toBeInTheDocument();
  });

  it('points to the review queue while reviews wait, and says nothing when none do', async () => {
    mockFetch(() => jsonResponse(200, makeDashboardStats({ openReviews: 3 })));
    const { unmount } = renderDashboard();
    expect(await screen.findByText('3 reviews wait for a person')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open the review queue' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/reviews');
    unmount();

    mockFetch(() => jsonResponse(200, makeDashboardStats({ openReviews: 0 })));
    renderDashboard();
    await screen.findByRole('heading', { name: 'No paid transactions yet' });
    expect(screen.queryByText(/wait for a person|waits for a person/)).not.toBeInTheDocument();
  });

  it('shows skeletons while the figures load', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const { container } = renderDashboard();
    expect(screen.getByText('Loading transactions…')).toBeInTheDocument();
    expect(container.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(10);
    expect(screen.queryByRole('region', { name: 'Total Users' })).not.toBeInTheDocument();
  });
});
