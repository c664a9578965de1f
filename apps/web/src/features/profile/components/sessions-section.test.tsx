import type { Session } from '@coincard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SessionsSection } from './sessions-section';

const session = (overrides: Partial<Session>): Session => ({
  _id: '0190a000-0000-7000-8000-0000000000c1',
  device: 'Chrome on macOS',
  place: 'Network 203.0.113.x',
  signedInAt: '2026-01-02T10:00:00.000Z',
  lastSeenAt: '2026-01-03T10:00:00.000Z',
  current: true,
  ...overrides,
});

function sessionsApi(list: Session[]) {
  const calls: string[] = [];
  let sessions = list;
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/user/sessions') return jsonResponse(200, { sessions });
    if (method === 'DELETE' && url.startsWith('/api/user/sessions/')) {
      sessions = sessions.filter((s) => !url.endsWith(s._id));
      return jsonResponse(200, { message: 'That session is signed out.' });
    }
    if (url === '/api/user/sessions/revoke-others') {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return jsonResponse(200, { message: `Signed out of ${ended} other sessions.`, ended });
    }
    return jsonResponse(404, { message: 'nope', errorCode: 'NotFound' });
  });
  return calls;
}

describe('Where you are signed in', () => {
  it('lists the sessions, this one marked, and signs one other out', async () => {
    const phone = session({
      _id: '0190a000-0000-7000-8000-0000000000c2',
      device: 'Safari on iOS',
      place: 'Network 198.51.100.x',
      current: false,
    });
    const calls = sessionsApi([session({}), phone]);
    const user = userEvent.setup();
    renderWithProviders(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const current = within(list).getByRole('listitem', { name: 'Chrome on macOS, this device' });
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).getByText(/Active now/)).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    const other = within(list).getByRole('listitem', { name: 'Safari on iOS' });
    expect(within(other).getByText('Network 198.51.100.x')).toBeInTheDocument();
    await user.click(within(other).getByRole('button', { name: 'Sign out Safari on iOS, Network 198.51.100.x' }));
    expect(await screen.findByText('That session is signed out.')).toBeInTheDocument();
    expect(calls).toContain(`DELETE /api/user/sessions/${phone._id}`);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it('signs out everywhere else at once', async () => {
    sessionsApi([
      session({}),
      session({ _id: '0190a000-0000-7000-8000-0000000000c3', device: 'Firefox on Linux', current: false }),
      session({ _id: '0190a000-0000-7000-8000-0000000000c4', device: 'Edge on Windows', current: false }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<SessionsSection />);
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading and a retry when the list fails', async () => {
    mockFetch(() => jsonResponse(500, { message: 'down', errorCode: 'InternalError' }));
    renderWithProviders(<SessionsSection />);
    expect(screen.getByRole('status', { name: 'Loading where you are signed in' })).toBeInTheDocument();
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
