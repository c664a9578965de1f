import type { ActivityItem, ActivityPage } from '@coincard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { StatementPage } from './statement-page';

const line = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: crypto.randomUUID(),
  createdAt: '2026-11-20T10:00:00.000Z',
  kind: 'card_load',
  description: 'Card load · Travel',
  amount: -2000,
  balanceAfter: 8000,
  cardId: null,
  cardName: null,
  fee: null,
  status: 'completed',
  reason: null,
  topUp: null,
  ...overrides,
});

const pageOf = (items: ActivityItem[]): ActivityPage => ({
  items,
  meta: { page: 1, pageSize: 20, total: items.length, pages: items.length > 0 ? 1 : 0 },
});

function mockApi(statement: (url: URL) => ActivityPage | null) {
  return mockFetch((url) => {
    if (url === '/api/cards') return jsonResponse(200, []);
    if (url.startsWith('/api/activity?')) {
      const page = statement(new URL(url, 'http://localhost'));
      return page ? jsonResponse(200, page) : jsonResponse(500, { message: 'Down.', errorCode: 'InternalError' });
    }
    return jsonResponse(404, { message: 'Not found.', errorCode: 'NotFound' });
  });
}

describe('Statement page', () => {
  it('shows each line with the balance after it, a decline with its reason, a pending top-up with Pay', async () => {
    mockApi(() =>
      pageOf([
        line({
          kind: 'top_up',
          description: 'Top-up in USDT (TRON)',
          amount: 2500,
          balanceAfter: null,
          status: 'pending',
          topUp: {
            depositId: 'd1',
            coin: 'USDT',
            network: 'TRON',
            txHash: null,
            paymentUrl: 'https://pay.example/1',
            requested: 2500,
            expiresAt: null,
          },
        }),
        line({
          kind: 'decline',
          description: 'Declined at AMAZON, $999.99 · Travel',
          amount: 0,
          balanceAfter: null,
          status: 'declined',
          reason: 'Card is frozen',
        }),
        line({ kind: 'load_fee', description: 'Load fee · Travel', amount: -200, balanceAfter: 7800 }),
      ]),
    );
    renderWithProviders(<StatementPage user={makeUser({ balance: 7800 })} />, { route: '/statement' });
    expect(await screen.findByText('Load fee · Travel')).toBeInTheDocument();
    expect(screen.getAllByText('-$2.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$78.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Reason: Card is frozen').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Declined').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /^Pay/ })[0]).toHaveAttribute('href', 'https://pay.example/1');
    const download = screen.getByRole('link', { name: /Download CSV \(this month\)/ });
    expect(download.getAttribute('href')).toMatch(/^\/api\/activity\/export\?from=\d{4}-\d{2}-01&to=/);
  });

  it('searches and filters by days, sending them to the API, and says when nothing matches', async () => {
    const fetchMock = mockApi((url) => (url.searchParams.get('q') ? pageOf([]) : pageOf([line({})])));
    renderWithProviders(<StatementPage user={makeUser()} />, { route: '/statement' });
    expect(await screen.findByText('Card load · Travel')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'netflix');
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
    await waitFor(() =>
      expect(urls().some((url) => url.startsWith('/api/activity?') && url.includes('q=netflix'))).toBe(true),
    );
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(urls().some((url) => url.includes('from=2026-11-01'))).toBe(true));
  });

  it('offers a retry when the statement cannot be read', async () => {
    mockApi(() => null);
    renderWithProviders(<StatementPage user={makeUser()} />, { route: '/statement' });
    expect(await screen.findByText('Statement unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
