import type { CardholderStatus } from '@coincard/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARDHOLDER_POLL_MS } from '../../features/cardholder/api/get-cardholder';
import { makeVerification } from '../../test/cardholder';
import { makeCard } from '../../test/cards';
import { makeDepositsPage } from '../../test/deposits';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { DashboardRoute } from './dashboard-route';

afterEach(() => {
  vi.useRealTimers();
});

describe('User dashboard page', () => {
  it('leads to the identity check while it is pending and follows it, so Create Card appears once approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: CardholderStatus = 'pending';
    let cardholderId: string | null = null;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/user') return jsonResponse(200, makeUser({ balance: 5000, cardholderId }));
      if (url === '/api/cards') return jsonResponse(200, []);
      if (url === '/api/cardholder') return jsonResponse(200, makeVerification({ status }));
      return jsonResponse(200, makeDepositsPage([]));
    });
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });

    expect(await screen.findByText(/is checking your identity/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your identity check' })).toHaveAttribute('href', '/verify');
    const tile = await screen.findByRole('link', { name: /Create New Card/ });
    expect(tile).toHaveAttribute('href', '/verify');
    expect(tile).toHaveAccessibleDescription('Identity check in progress…');

    status = 'approved';
    cardholderId = 'ch_1';
    await act(() => vi.advanceTimersByTimeAsync(CARDHOLDER_POLL_MS));
    const createCard = await screen.findByRole('button', { name: 'Create Card' });
    expect(await screen.findByRole('button', { name: /Create New Card/ })).toBeEnabled();
    const polls = callsTo(fetchMock, '/api/cardholder');
    await act(() => vi.advanceTimersByTimeAsync(CARDHOLDER_POLL_MS * 2));
    expect(callsTo(fetchMock, '/api/cardholder')).toBe(polls);

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(createCard);
    expect(await screen.findByRole('dialog', { name: 'Create a new card' })).toBeInTheDocument();
  });

  it('composes the cards into the dashboard: the tiles, and no Create Card at 3 cards', async () => {
    const cards = [makeCard({ name: 'One' }), makeCard({ name: 'Two' }), makeCard({ name: 'Three' })];
    mockFetch((url) => {
      if (url === '/api/user') return jsonResponse(200, makeUser({ balance: 50_000, cardholderId: 'ch_1' }));
      if (url === '/api/cards') return jsonResponse(200, cards);
      return jsonResponse(200, makeDepositsPage([]));
    });
    renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'My Cards' });
    expect(await within(panel).findAllByRole('link')).toHaveLength(3);
    expect(screen.getByText('You already have the maximum of 3 cards.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent Transactions' })).toBeInTheDocument();
  });
});
