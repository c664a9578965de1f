import type { Alert } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { AlertBell } from './alert-bell';

const alert = (overrides: Partial<Alert>): Alert => ({
  id: '0190a000-0000-7000-8000-0000000000a1',
  kind: 'card_purchase',
  title: '$12.00 at AMAZON',
  body: 'Your card Everyday (•••• 4242) was used for $12.00 at AMAZON.',
  link: null,
  cardId: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

function alertsApi(list: Alert[], options: { failList?: boolean } = {}) {
  const calls: string[] = [];
  let alerts = list;
  const unread = () => alerts.filter((a) => !a.readAt).length;
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/alerts/unread-count') return jsonResponse(200, { unread: unread() });
    if (url === '/api/alerts?page=1') {
      if (options.failList) return jsonResponse(500, { message: 'down', errorCode: 'InternalError' });
      return jsonResponse(200, {
        items: alerts,
        meta: { page: 1, pageSize: 20, total: alerts.length, pages: alerts.length ? 1 : 0 },
        unread: unread(),
      });
    }
    if (url === '/api/alerts/read-all') {
      alerts = alerts.map((a) => ({ ...a, readAt: a.readAt ?? '2026-01-02T11:00:00.000Z' }));
      return jsonResponse(200, { message: 'Every alert is marked read.', marked: 1 });
    }
    const one = url.match(/^\/api\/alerts\/([^/]+)\/read$/)?.[1];
    if (one) {
      alerts = alerts.map((a) => (a.id === one ? { ...a, readAt: '2026-01-02T11:00:00.000Z' } : a));
      return jsonResponse(
        200,
        alerts.find((a) => a.id === one),
      );
    }
    return jsonResponse(404, { message: 'nope', errorCode: 'NotFound' });
  });
  return calls;
}

describe('the alerts bell', () => {
  it('closes on Escape even when focus has left the open list', async () => {
    alertsApi([]);
    renderWithProviders(<AlertBell />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Alerts' }));
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(screen.getByRole('dialog', { name: 'Alerts' })).not.toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'No alerts yet' })).not.toBeInTheDocument());
  });

  it('shows the unread count, lists the alerts and marks one read when it is opened', async () => {
    const calls = alertsApi([
      alert({}),
      alert({
        id: '0190a000-0000-7000-8000-0000000000a2',
        title: 'Top-up credited: $50.00',
        readAt: '2026-01-01T00:00:00.000Z',
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<AlertBell />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Alerts, newest first' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Unread: $12.00 at AMAZON', 'Top-up credited: $50.00']);
    await user.click(within(list).getByRole('button', { name: 'Unread: $12.00 at AMAZON' }));
    expect(calls).toContain('POST /api/alerts/0190a000-0000-7000-8000-0000000000a1/read');
    expect(await screen.findByRole('button', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('shows a card unfrozen or loosened with its own icon, and opens the card', async () => {
    const cardId = '0190a000-0000-7000-8000-0000000000c1';
    alertsApi([
      alert({
        kind: 'card_unlocked',
        title: 'Card unfrozen: Everyday',
        body: 'Your card Everyday (•••• 4242) was unfrozen on Firefox on Linux, from Network 198.51.100.x; it can be used for purchases again. If this was not you, freeze the card on its page now, then sign out your other sessions and change your password in Profile Settings.',
        link: `/cards/${cardId}`,
        cardId,
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AlertBell />
        <LocationProbe />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    const list = await screen.findByRole('list', { name: 'Alerts, newest first' });
    const item = within(list).getByRole('button', { name: 'Unread: Card unfrozen: Everyday' });
    expect(item).toHaveTextContent('If this was not you, freeze the card on its page now');
    const icon = item.querySelector('svg.tabler-icon-lock-open');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('data-security', 'true');
    await user.click(item);
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`/cards/${cardId}`);
  });

  it('shows a kind of alert newer than the page (a tab open across a release) from its text, with a plain bell', async () => {
    const newer = { ...alert({ title: 'Something new happened', body: 'A kind this page does not know yet.' }) };
    // A server release may add kinds; this page's list must still load and show it.
    alertsApi([{ ...newer, kind: 'kind_from_a_newer_release' } as unknown as Alert, alert({ id: `${newer.id}2` })]);
    const user = userEvent.setup();
    renderWithProviders(<AlertBell />);
    await user.click(await screen.findByRole('button', { name: 'Alerts, 2 unread' }));
    const list = await screen.findByRole('list', { name: 'Alerts, newest first' });
    const item = within(list).getByRole('button', { name: 'Unread: Something new happened' });
    expect(item).toHaveTextContent('A kind this page does not know yet.');
    const icon = item.querySelector('svg.tabler-icon-bell');
    expect(icon).not.toBeNull();
    expect(icon).not.toHaveAttribute('data-security');
    expect(within(list).getByRole('button', { name: 'Unread: $12.00 at AMAZON' })).toBeVisible();
    await user.click(item);
    await waitFor(() => expect(within(list).queryByRole('button', { name: /^Unread: Something new/ })).toBeNull());
  });

  it('marks every alert read from the list, by keyboard', async () => {
    const calls = alertsApi([alert({})]);
    const user = userEvent.setup();
    renderWithProviders(<AlertBell />);
    (await screen.findByRole('button', { name: 'Alerts, 1 unread' })).focus();
    await user.keyboard('{Enter}');
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await screen.findByRole('list', { name: 'Alerts, newest first' });
    markAll.focus();
    await user.keyboard('{Enter}');
    expect(calls).toContain('POST /api/alerts/read-all');
    expect(await screen.findByRole('button', { name: 'Alerts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Alerts, newest first' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and when the list did not load', async () => {
    alertsApi([]);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<AlertBell />);
    await user.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeInTheDocument();
    unmount();

    alertsApi([], { failList: true });
    renderWithProviders(<AlertBell />);
    await user.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByRole('heading', { name: 'Alerts did not load' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
