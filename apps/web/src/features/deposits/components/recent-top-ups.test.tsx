import { DEPOSIT_STATUSES } from '@coincard/shared';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '../../../lib/current-user';
import { listenForWindowFocus } from '../../../lib/window-focus';
import { makeDeposit, makeDepositsPage } from '../../../test/deposits';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { depositsQueryKey, depositsQueryOptions } from '../api/get-deposits';
import { AddFundsModal } from './add-funds-modal';
import { RecentTopUps } from './recent-top-ups';

const LABELS = {
  PENDING: 'Pending',
  PAID: 'Paid',
  PAID_OVER: 'Paid over',
  PAID_LESS: 'Paid less',
  EXPIRED: 'Expired',
  FAILED: 'Failed',
} as const;

function BalanceProbe() {
  const { data } = useCurrentUser();
  return <output aria-label="Balance">{data?.balance ?? ''}</output>;
}

afterEach(() => {
  // Back to TanStack Query's own listener (the tab's visibility only).
  focusManager.setEventListener((handleFocus) => {
    const listener = () => handleFocus();
    window.addEventListener('visibilitychange', listener, false);
    return () => window.removeEventListener('visibilitychange', listener);
  });
});

describe('RecentTopUps', () => {
  it('lists each deposit with its status label, what was credited, and a Pay link only while pending', async () => {
    const deposits = DEPOSIT_STATUSES.map((status) =>
      makeDeposit({ status, amount: 5000, amountPaid: status.startsWith('PAID') ? 4500 : 0, network: 'ETH' }),
    );
    mockFetch(() => jsonResponse(200, makeDepositsPage(deposits)));
    renderWithProviders(<RecentTopUps onAddMoney={vi.fn()} />);

    await screen.findByText('Paid over');
    const table = screen.getByRole('table');
    for (const header of ['Date', 'Amount', 'Amount paid', 'Coin', 'Status']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(DEPOSIT_STATUSES.length);
    DEPOSIT_STATUSES.forEach((status, index) => {
      expect(within(rows[index] as HTMLElement).getByText(LABELS[status])).toBeInTheDocument();
    });
    expect(within(table).getAllByText('+$45.00')).toHaveLength(3);
    expect(within(table).getAllByText('Ethereum')).toHaveLength(DEPOSIT_STATUSES.length);
    const payLinks = within(table).getAllByRole('link', { name: /^Pay/ });
    expect(payLinks).toHaveLength(1);
    expect(payLinks[0]).toHaveAttribute('href', deposits[0]?.paymentUrl);
    expect(payLinks[0]).toHaveAttribute('target', '_blank');
  });

  it('shows skeleton rows while loading, and a stacked list instead of a table below 768px', async () => {
    const wideMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') });
    try {
      mockFetch(() => jsonResponse(200, makeDepositsPage([makeDeposit({ status: 'PAID', amountPaid: 5000 })])));
      renderWithProviders(<RecentTopUps onAddMoney={vi.fn()} />);
      expect(screen.getByRole('region', { name: 'Recent Transactions' })).toHaveAttribute('aria-busy', 'true');
      const list = await screen.findByRole('list');
      expect(within(list).getByText('Paid')).toBeInTheDocument();
      expect(within(list).getByText('+$50.00')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = wideMatchMedia;
    }
  });

  it('shows a friendly empty state whose Add Money opens the top-up', async () => {
    mockFetch(() => jsonResponse(200, makeDepositsPage([])));
    const onAddMoney = vi.fn();
    renderWithProviders(<RecentTopUps onAddMoney={onAddMoney} />);
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Money' }));
    expect(onAddMoney).toHaveBeenCalledOnce();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages through 10 at a time when there is more than one page', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      const deposit = makeDeposit({ status: 'PAID', amount: page * 1000, amountPaid: page * 1000 });
      return jsonResponse(200, makeDepositsPage([deposit], { page, total: 25, pages: 3 }));
    });
    renderWithProviders(<RecentTopUps onAddMoney={vi.fn()} />);
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('$20.00')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/transactions?page=2&pageSize=10')).toBe(1);
  });

  it('offers a retry when the list fails to load', async () => {
    let isDown = true;
    mockFetch(() =>
      isDown
        ? jsonResponse(500, { message: 'Internal error', errorCode: 'InternalError' })
        : jsonResponse(200, makeDepositsPage([])),
    );
    renderWithProviders(<RecentTopUps onAddMoney={vi.fn()} />);
    expect(await screen.findByText('Failed to load. Please try again.')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  });

  it('polls page 1 only while it holds a pending deposit, from 4 s backing off, never in a hidden tab', () => {
    const interval = depositsQueryOptions(1).refetchInterval;
    const stateWith = (status: 'PENDING' | 'PAID') => ({
      state: { data: makeDepositsPage([makeDeposit({ status })]), dataUpdateCount: 1, fetchStatus: 'idle' },
    });
    expect(typeof interval).toBe('function');
    if (typeof interval !== 'function') return;
    expect(interval(stateWith('PENDING') as never)).toBe(4000);
    expect(interval(stateWith('PAID') as never)).toBe(false);
    expect(depositsQueryOptions(2).refetchInterval).toBe(false);
    expect(depositsQueryOptions(1).refetchOnWindowFocus).toBe(true);
    expect(depositsQueryOptions(1).refetchIntervalInBackground).toBe(false);
  });

  it('refetches the balance when a pending deposit is settled', async () => {
    const pending = makeDeposit({ status: 'PENDING' });
    let deposit = pending;
    let balance = 0;
    const fetchMock = mockFetch((url) =>
      url === '/api/user' ? jsonResponse(200, makeUser({ balance })) : jsonResponse(200, makeDepositsPage([deposit])),
    );
    const { queryClient } = renderWithProviders(
      <>
        <BalanceProbe />
        <RecentTopUps onAddMoney={vi.fn()} />
      </>,
    );
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('0');

    deposit = { ...pending, status: 'PAID', amountPaid: 5000 };
    balance = 5000;
    await queryClient.invalidateQueries({ queryKey: depositsQueryKey });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(await screen.findByText('5000')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/user')).toBe(2);
  });

  it('reads the list and the balance again the moment the payment step is left, and on a return to the window', async () => {
    const pending = makeDeposit({ status: 'PENDING', amount: 5000 });
    let deposit = pending;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/user') return jsonResponse(200, makeUser({ balance: deposit.amountPaid }));
      if (url === '/api/transactions' && init?.method === 'POST') return jsonResponse(201, pending);
      if (url === `/api/transactions/${pending._id}`) return jsonResponse(200, deposit);
      if (url.startsWith('/api/transactions/exchange-rate/'))
        return jsonResponse(200, { from: 'USDT', to: 'USD', course: 1 });
      return jsonResponse(200, makeDepositsPage(deposit.status === 'PENDING' ? [] : [deposit]));
    });
    const listReads = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/transactions?')).length;
    function Page() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <>
          <BalanceProbe />
          <RecentTopUps onAddMoney={() => setIsOpen(true)} />
          <AddFundsModal opened={isOpen} onClose={() => setIsOpen(false)} />
        </>
      );
    }
    listenForWindowFocus();
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    await user.click(within(dialog).getByRole('button', { name: /^USDT/ }));
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('Pending');

    // Paid in the checkout while the modal was open; closing it shows the outcome behind without waiting for a poll.
    deposit = { ...pending, status: 'PAID', amountPaid: 5000 };
    const before = listReads();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(listReads()).toBe(before + 1);
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('5000');

    // A window focused again (a checkout in a window of its own) reads the list again too.
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(listReads()).toBe(before + 2));
  });
});
