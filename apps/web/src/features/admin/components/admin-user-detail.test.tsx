import type { AdminCard, AdminUserStats, User } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry, makeAuditPage, makeUserStats } from '../../../test/admin';
import { makeCard } from '../../../test/cards';
import { makeDeposit, makeDepositsPage } from '../../../test/deposits';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AdminUserDetail } from './admin-user-detail';

const ADMIN = makeUser({ _id: '0190f5a2-7c1e-7b3a-9a4e-00000000a001', email: 'admin@coincard.test', role: 'admin' });
const USER_ID = '0190f5a2-7c1e-7b3a-9a4e-00000000b001';
const STATS_URL = `/api/admin/stats/user/${USER_ID}`;

type Server = { user: User; cards: AdminCard[] };

/** A small stand-in for the admin API: answers from `server`, which the PATCH calls change. */
function mockAdminApi(server: Server, refuse?: { path: string; status: number; message: string }) {
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (refuse && url.startsWith(refuse.path)) {
      return jsonResponse(refuse.status, { message: refuse.message, errorCode: 'Forbidden' });
    }
    if (url === '/api/user') return jsonResponse(200, ADMIN);
    if (url === STATS_URL) {
      const stats: AdminUserStats = makeUserStats({
        user: server.user,
        cards: {
          cardsCreated: server.cards.length,
          activeCards: server.cards.filter((card) => card.status === 'active').length,
          totalCardBalance: 7500,
        },
        transactions: {
          earnedFromCardCreation: 1500,
          earnedFromFundingFees: 320,
          earnedFromMonthlyFees: 100,
          totalRevenue: 1920,
        },
        referrals: { totalReferrals: 2, totalReferralEarning: 600, totalReferralWithdrawn: 0 },
      });
      return jsonResponse(200, stats);
    }
    if (url === `/api/admin/users/${USER_ID}/cards`) return jsonResponse(200, server.cards);
    if (url.startsWith(`/api/admin/users/${USER_ID}/deposits`)) {
      return jsonResponse(200, makeDepositsPage([makeDeposit({ status: 'PAID', amount: 2500, amountPaid: 2500 })]));
    }
    if (url.startsWith('/api/admin/audit')) {
      return jsonResponse(
        200,
        makeAuditPage([
          makeAuditEntry({
            action: 'admin.user_suspended',
            actor: { _id: ADMIN._id, email: ADMIN.email },
            target: { _id: USER_ID, email: server.user.email },
          }),
        ]),
      );
    }
    if (method === 'PATCH' && url === `/api/admin/2fa/${USER_ID}`) {
      const { enabled } = JSON.parse(String(init?.body)) as { enabled: boolean };
      server.user = { ...server.user, isTwoFactorEnabled: enabled };
      return jsonResponse(200, { message: 'Two-factor is on.', isTwoFactorEnabled: enabled });
    }
    if (method === 'POST' && url === `/api/admin/users/${USER_ID}/second-factor/reset`) {
      server.user = { ...server.user, isTwoFactorEnabled: true };
      return jsonResponse(200, {
        message:
          'The authenticator app and passkeys are removed; e-mail codes are on. The user was signed out everywhere.',
        isTwoFactorEnabled: true,
      });
    }
    if (method === 'PATCH' && url === `/api/admin/suspend/${USER_ID}`) {
      // The console sends the state it wants, so a retried click cannot undo itself.
      const { suspended } = JSON.parse(String(init?.body)) as { suspended: boolean };
      server.user = { ...server.user, isSuspended: suspended };
      return jsonResponse(200, {
        message: server.user.isSuspended ? 'The account is suspended.' : 'The account is active.',
        isSuspended: server.user.isSuspended,
      });
    }
    const freeze = url.match(/^\/api\/admin\/cards\/([^/]+)\/(freeze|unfreeze)$/);
    if (method === 'PATCH' && freeze) {
      const [, cardId, action] = freeze;
      server.cards = server.cards.map((card) =>
        card._id === cardId
          ? {
              ...card,
              status: action === 'freeze' ? 'frozen' : 'active',
              frozenReason: action === 'freeze' ? 'admin' : null,
            }
          : card,
      );
      const card = server.cards.find((listed) => listed._id === cardId);
      return jsonResponse(200, { message: action === 'freeze' ? 'Card frozen.' : 'Card unfrozen.', card });
    }
    return jsonResponse(404, { message: 'Not found.', errorCode: 'NotFound' });
  });
}

function serverWith(overrides: Partial<User> = {}, cards: AdminCard[] = []): Server {
  return {
    user: makeUser({ _id: USER_ID, email: 'carol@example.com', cardholderId: 'ch_1', balance: 4200, ...overrides }),
    cards,
  };
}

const renderDetail = () => renderWithProviders(<AdminUserDetail userId={USER_ID} />, { route: `/users/${USER_ID}` });

describe('AdminUserDetail', () => {
  it('shows who the user is, their card, revenue and referral figures, top-ups and audit trail', async () => {
    mockAdminApi(serverWith({}, [makeCard({ name: 'Travel', last4Digits: '1111', balance: 7500 }) as AdminCard]));
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'carol@example.com' })).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'User information' });
    expect(within(info).getByText('$42.00')).toBeInTheDocument();
    expect(within(info).getByRole('button', { name: `Copy user ID ${USER_ID}` })).toBeInTheDocument();
    expect(within(info).getByText('Verified', { selector: 'dt' }).nextSibling).toHaveTextContent('Verified');

    const cards = screen.getByRole('region', { name: 'Card Management' });
    expect(within(cards).getByText('Balance on cards').nextSibling).toHaveTextContent('$75.00');
    expect(await within(cards).findByText('Travel')).toBeInTheDocument();

    const revenue = screen.getByRole('region', { name: 'Platform Revenue' });
    expect(within(revenue).getByText('Total revenue').nextSibling).toHaveTextContent('$19.20');
    expect(within(revenue).getByText('Monthly fees').nextSibling).toHaveTextContent('$1.00');
    const referrals = screen.getByRole('region', { name: 'Referral Program' });
    expect(within(referrals).getByText('Earned').nextSibling).toHaveTextContent('$6.00');

    const topUps = screen.getByRole('region', { name: 'Top-ups' });
    expect(await within(topUps).findByText('+$25.00')).toBeInTheDocument();

    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(await within(trail).findByText('User suspended')).toBeInTheDocument();
    expect(within(trail).getByRole('link', { name: ADMIN.email })).toHaveAttribute('href', `/users/${ADMIN._id}`);
    expect(within(trail).getByRole('link', { name: 'Open in the audit log' })).toHaveAttribute(
      'href',
      `/audit?targetUserId=${USER_ID}`,
    );
  });

  it('turns two-factor on and reads the figures again', async () => {
    const fetchMock = mockAdminApi(serverWith({ isTwoFactorEnabled: false }));
    renderDetail();
    const toggle = await screen.findByRole('switch', { name: /Two-factor authentication/ });
    expect(toggle).not.toBeChecked();
    expect(callsTo(fetchMock, STATS_URL)).toBe(1);

    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Two-factor is on.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, STATS_URL)).toBe(2));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Two-factor authentication/ })).toBeChecked());
    expect(screen.getByText('2FA on')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([url]) => String(url) === `/api/admin/2fa/${USER_ID}`);
    expect(patch?.[1]).toMatchObject({ method: 'PATCH', body: '{"enabled":true}' });
  });

  it('suspends only after a confirmation, then reads the figures again and offers Activate Account', async () => {
    const fetchMock = mockAdminApi(serverWith());
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend Account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Suspend this account?' });
    expect(within(dialog).getByText('carol@example.com')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, `/api/admin/suspend/${USER_ID}`)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Suspend Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Suspend this account?' })).getByRole('button', {
        name: 'Yes, suspend',
      }),
    );
    expect(await screen.findByText('The account is suspended.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/admin/suspend/${USER_ID}`)).toBe(1);
    expect(await screen.findByRole('button', { name: 'Activate Account' })).toBeInTheDocument();
    expect(callsTo(fetchMock, STATS_URL)).toBe(2);
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
  });

  it('shows a refusal from the server as a toast and still reads the figures again', async () => {
    const fetchMock = mockAdminApi(serverWith(), {
      path: `/api/admin/suspend/${USER_ID}`,
      status: 403,
      message: 'Administrators cannot be suspended.',
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Suspend this account?' })).getByRole('button', {
        name: 'Yes, suspend',
      }),
    );
    expect(await screen.findByText('Administrators cannot be suspended.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, STATS_URL)).toBe(2));
    expect(screen.getByRole('button', { name: 'Suspend Account' })).toBeInTheDocument();
  });

  it("resets a user's second factor only after a confirmation that says what it does, then reads the figures again", async () => {
    const fetchMock = mockAdminApi(serverWith({ isTwoFactorEnabled: false }));
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog', { name: "Reset this user's second factor?" });
    expect(within(dialog).getByText(/loses their authenticator app, recovery codes and passkeys/)).toBeInTheDocument();
    expect(within(dialog).getByText(/It does not let you sign in as them/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reset' }));
    expect(await screen.findByText(/The authenticator app and passkeys are removed/)).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/admin/users/${USER_ID}/second-factor/reset`)).toBe(1);
    await waitFor(() => expect(callsTo(fetchMock, STATS_URL)).toBe(2));
  });

  it('does not offer what the rules refuse: suspending another admin or turning off their two-factor', async () => {
    mockAdminApi(serverWith({ role: 'admin', isTwoFactorEnabled: true }));
    renderDetail();
    const suspend = await screen.findByRole('button', { name: 'Suspend Account' });
    expect(suspend).toBeDisabled();
    expect(suspend).toHaveAccessibleDescription('Administrator accounts cannot be suspended.');
    const toggle = screen.getByRole('switch', { name: /Two-factor authentication/ });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription("Another administrator's two-factor can only be turned off by them.");
    const reset = screen.getByRole('button', { name: 'Reset second factor' });
    expect(reset).toBeDisabled();
    expect(reset).toHaveAccessibleDescription("Another administrator's sign-in methods can only be changed by them.");
  });

  it('freezes a card after a confirmation and lifts a support block without one', async () => {
    const card = makeCard({ name: 'Travel', last4Digits: '1111', balance: 7500 }) as AdminCard;
    const fetchMock = mockAdminApi(
      serverWith({}, [
        card,
        makeCard({ name: 'Old', last4Digits: '2222', status: 'terminated', balance: 0 }) as AdminCard,
      ]),
    );
    renderDetail();
    const user = userEvent.setup();
    const cards = await screen.findByRole('region', { name: 'Card Management' });
    await user.click(await within(cards).findByRole('button', { name: 'Freeze Travel •••• 1111' }));

    const dialog = await screen.findByRole('dialog', { name: 'Freeze this card?' });
    expect(dialog).toHaveTextContent('Its balance of $75.00 stays on the card.');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze card' }));

    expect(await screen.findByText('Card frozen.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/admin/cards/${card._id}/freeze`)).toBe(1);
    const row = (await within(cards).findByText('Frozen by support')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Frozen')).toBeInTheDocument();
    expect(within(cards).getByText('Deleted; kept for history')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, STATS_URL)).toBe(2));

    await user.click(within(row).getByRole('button', { name: 'Unfreeze Travel •••• 1111' }));
    expect(await screen.findByText('Card unfrozen.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/admin/cards/${card._id}/unfreeze`)).toBe(1);
    expect(await within(cards).findByRole('button', { name: 'Freeze Travel •••• 1111' })).toBeInTheDocument();
  });

  it('says when there is no such user', async () => {
    mockFetch((url) =>
      url === '/api/user'
        ? jsonResponse(200, ADMIN)
        : jsonResponse(404, { message: 'User not found.', errorCode: 'NotFound' }),
    );
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'No such user' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to all users' })).toHaveAttribute('href', '/users');
  });
});
