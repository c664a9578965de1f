import { DEPOSIT_STATUSES } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDeposit, makeDepositsPage } from '../../../test/deposits';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { AdminTransactions } from './admin-transactions';

const LABELS = {
  PENDING: 'Pending',
  PAID: 'Paid',
  PAID_OVER: 'Paid over',
  PAID_LESS: 'Paid less',
  EXPIRED: 'Expired',
  FAILED: 'Failed',
} as const;

function renderTransactions(route = '/transactions') {
  return renderWithProviders(
    <>
      <AdminTransactions />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('AdminTransactions', () => {
  it('lists every deposit with its customer, amounts, coin, status label and provider id', async () => {
    const deposits = DEPOSIT_STATUSES.map((status, index) =>
      makeDeposit({
        status,
        email: `customer${index}@example.com`,
        amount: 5000,
        amountPaid: status.startsWith('PAID') ? 4500 : 0,
        network: 'ETH',
        transactionId: status === 'PENDING' ? null : `9f1c2b3a-1111-4222-8333-00000000000${index}`,
      }),
    );
    const fetchMock = mockFetch(() => jsonResponse(200, makeDepositsPage(deposits)));
    renderTransactions();

    await screen.findByText('customer0@example.com');
    const table = screen.getByRole('table');
    for (const header of ['Date', 'Customer', 'Amount', 'Amount paid', 'Coin', 'Status', 'Provider ID']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(DEPOSIT_STATUSES.length);
    DEPOSIT_STATUSES.forEach((status, index) => {
      const row = within(rows[index] as HTMLElement);
      expect(row.getByText(LABELS[status])).toBeInTheDocument();
      expect(row.getByText(`customer${index}@example.com`)).toBeInTheDocument();
    });
    expect(within(table).getAllByText('+$45.00')).toHaveLength(3);
    expect(within(table).getAllByText('Ethereum')).toHaveLength(DEPOSIT_STATUSES.length);
    expect(within(rows[0] as HTMLElement).getByLabelText('No provider id yet')).toBeInTheDocument();
    const paidRow = within(rows[1] as HTMLElement);
    expect(paidRow.getByText('9f1c2b3a…0001')).toBeInTheDocument();
    expect(
      paidRow.getByRole('button', { name: 'Copy provider ID 9f1c2b3a-1111-4222-8333-000000000001' }),
    ).toBeVisible();
    // An admin pays nothing here: no Pay links.
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/transactions/all?page=1&pageSize=10')).toBe(1);
  });

  it('searches after a pause in typing and says when nothing matches', async () => {
    const fetchMock = mockFetch((url) =>
      jsonResponse(200, makeDepositsPage(url.includes('search=') ? [] : [makeDeposit()])),
    );
    renderTransactions('/transactions?page=3');
    await screen.findByText('alice@example.com');

    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search transactions' }), 'nobody');
    await waitFor(() => expect(callsTo(fetchMock, '/api/transactions/all?page=1&pageSize=10&search=nobody')).toBe(1));
    expect(await screen.findByRole('heading', { name: 'No transactions match “nobody”' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/transactions?search=nobody');
  });

  it('shows each deposit as a stacked item below 768px, status still in words', async () => {
    const wideMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') });
    try {
      mockFetch(() => jsonResponse(200, makeDepositsPage([makeDeposit({ status: 'EXPIRED' })])));
      renderTransactions();
      const list = await screen.findByRole('list');
      expect(within(list).getByText('Expired')).toBeInTheDocument();
      expect(within(list).getByText('alice@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = wideMatchMedia;
    }
  });
});
