import type { ReferralStats, ReferralSummary, User } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeReferralReward, makeReferralStats, makeReferralSummary } from '../../test/referrals';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { ReferralProgramRoute } from './referral-program-route';

type Api = { user?: User; stats?: ReferralStats; summary?: ReferralSummary | ((page: number) => ReferralSummary) };

function mockReferralApi({ user = makeUser(), stats = makeReferralStats(), summary = makeReferralSummary([]) }: Api) {
  return mockFetch((url) => {
    if (url === '/api/user') return jsonResponse(200, user);
    if (url === '/api/referrals/stats') return jsonResponse(200, stats);
    if (url.startsWith('/api/referrals?')) {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return jsonResponse(200, typeof summary === 'function' ? summary(page) : summary);
    }
    return jsonResponse(404, { message: 'Not found.', errorCode: 'NotFound' });
  });
}

const renderPage = () => renderWithProviders(<ReferralProgramRoute />, { route: '/referral-program' });

describe('Referral page', () => {
  it('under $50: warns, hides the link and disables Copy, saying why', async () => {
    const user = makeUser({ balance: 1200 });
    mockReferralApi({ user });
    renderPage();

    expect(await screen.findByText('Your referral link is not active yet')).toBeInTheDocument();
    expect(screen.getByText(/Your balance is \$12\.00: add \$38\.00/)).toBeInTheDocument();
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(copy).toBeDisabled();
    expect(copy).toHaveAccessibleDescription('Copy turns on when your balance reaches $50.00. Your balance is $12.00.');
    // The code is nowhere in the page, not as text nor in an attribute, to be selected or read out by hand.
    expect(document.body.textContent).not.toContain(user._id);
    expect(document.body.innerHTML).not.toContain(user._id);
    expect(screen.queryByRole('textbox', { name: 'Referral link' })).not.toBeInTheDocument();
    expect(screen.getByText('Your referral link is hidden until it is active.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Money' })).toBeEnabled();
  });

  it('from $50: shows the link, and Copy copies it and says Copied', async () => {
    const user = makeUser({ balance: 5000 });
    mockReferralApi({ user });
    renderPage();
    const events = userEvent.setup();

    const field = await screen.findByRole('textbox', { name: 'Referral link' });
    const link = `${window.location.origin}/signup?ref=${user._id}`;
    expect(field).toHaveValue(link);
    expect(screen.queryByText('Your referral link is not active yet')).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
    expect(screen.getByText('Referral link copied')).toBeInTheDocument();
  });

  it('shows the three summary cards, with Withdraw disabled while nothing is withdrawable', async () => {
    mockReferralApi({
      stats: makeReferralStats({
        totalEarnings: 1800,
        heldEarnings: 200,
        totalWithdrawn: 500,
        availableEarnings: 1100,
        remainingToNextPayout: 1400,
        totalReferrals: 3,
      }),
    });
    renderPage();

    const earnings = await screen.findByRole('region', { name: 'Total Earnings' });
    expect(within(earnings).getByText('$18.00')).toBeInTheDocument();
    expect(within(earnings).getByText('$5.00 withdrawn so far')).toBeInTheDocument();
    expect(within(earnings).getByText('3 people joined with your link')).toBeInTheDocument();
    expect(within(earnings).getByText('$2.00 held until your friends add money or get their card')).toBeInTheDocument();

    const withdrawCard = screen.getByRole('region', { name: 'Available to Withdraw' });
    const withdraw = within(withdrawCard).getByRole('button', { name: 'Withdraw' });
    expect(withdraw).toBeDisabled();
    expect(withdraw).toHaveAccessibleDescription('You have $11.00 in earnings. Withdrawals open at $25.00.');

    const payout = screen.getByRole('region', { name: 'Next Payout' });
    expect(within(payout).getByText('$14.00 to go')).toBeInTheDocument();
    const bar = within(payout).getByRole('progressbar', { name: 'Progress to $25.00' });
    expect(bar).toHaveAttribute('aria-valuetext', '$11.00 of $25.00');
  });

  it('withdraws the amount on the button, shows the server message and refetches stats, rewards and balance', async () => {
    let withdrawn = false;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/user') return jsonResponse(200, makeUser({ balance: withdrawn ? 9000 : 6000 }));
      if (url === '/api/referrals/withdraw' && init?.method === 'POST') {
        withdrawn = true;
        return jsonResponse(200, { message: '$30.00 moved to your balance.', amount: 3000 });
      }
      if (url === '/api/referrals/stats') {
        return jsonResponse(
          200,
          withdrawn
            ? makeReferralStats({ totalEarnings: 3000, totalWithdrawn: 3000 })
            : makeReferralStats({
                totalEarnings: 3000,
                availableEarnings: 3000,
                withdrawableAmount: 3000,
                remainingToNextPayout: 0,
              }),
        );
      }
      return jsonResponse(200, makeReferralSummary([]));
    });
    renderPage();

    const withdraw = await screen.findByRole('button', { name: 'Withdraw $30.00' });
    expect(withdraw).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Next Payout' })).toHaveTextContent('Reached');
    await userEvent.setup().click(withdraw);

    expect(await screen.findByText('$30.00 moved to your balance.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(callsTo(fetchMock, '/api/referrals/withdraw')).toBe(1);
    await waitFor(() => expect(callsTo(fetchMock, '/api/referrals/stats')).toBe(2));
    expect(callsTo(fetchMock, '/api/referrals?page=1')).toBe(2);
    expect(callsTo(fetchMock, '/api/user')).toBe(2);
  });

  it('shows the server message when a withdrawal is refused', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return jsonResponse(200, makeUser());
      if (url === '/api/referrals/withdraw') {
        return jsonResponse(400, { message: 'There is nothing to withdraw yet.', errorCode: 'ValidationError' });
      }
      if (url === '/api/referrals/stats') {
        return jsonResponse(200, makeReferralStats({ availableEarnings: 2500, withdrawableAmount: 2500 }));
      }
      return jsonResponse(200, makeReferralSummary([]));
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Withdraw $25.00' }));
    expect(await screen.findByText('There is nothing to withdraw yet.')).toBeInTheDocument();
  });

  it('lists the rewards with date, masked user, event and reward, page by page', async () => {
    const fetchMock = mockReferralApi({
      summary: (page) =>
        makeReferralSummary(
          page === 1
            ? [
                makeReferralReward({
                  refferedUseremail: 'bo...@example.com',
                  event: 'FIRST_CARD',
                  referrerUserReward: 500,
                }),
                makeReferralReward({
                  refferedUseremail: 'bo...@example.com',
                  event: 'SIGNUP',
                  referrerUserReward: 100,
                }),
                makeReferralReward({
                  refferedUseremail: 'da...@example.net',
                  event: 'SIGNUP',
                  referrerUserReward: 100,
                  status: 'held',
                }),
              ]
            : [makeReferralReward({ refferedUseremail: 'ca...@example.org' })],
          { meta: { page, pageSize: 10, total: 12, pages: 2 } },
        ),
    });
    renderPage();

    await screen.findByText('First card created');
    const table = screen.getByRole('table', { name: 'Your referral rewards' });
    for (const header of ['Date', 'Referred User', 'Event', 'Reward']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const [first, second, third] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('bo...@example.com')).toBeInTheDocument();
    expect(within(first).getByText('First card created')).toBeInTheDocument();
    expect(within(first).getByText('+$5.00')).toBeInTheDocument();
    expect(within(second).getByText('Sign-up verified')).toBeInTheDocument();
    expect(within(second).getByText('+$1.00')).toBeInTheDocument();
    expect(within(second).queryByText(/^Held/)).not.toBeInTheDocument();
    expect(within(third).getByText('+$1.00')).toBeInTheDocument();
    expect(within(third).getByText('Held until they add $10.00')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('ca...@example.org')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/referrals?page=2')).toBe(1);
  });

  it('says when there are no rewards yet, and offers a retry when they fail to load', async () => {
    let isDown = true;
    mockFetch((url) => {
      if (url === '/api/user') return jsonResponse(200, makeUser());
      if (url === '/api/referrals/stats') return jsonResponse(200, makeReferralStats());
      return isDown
        ? jsonResponse(500, { message: 'Internal error', errorCode: 'InternalError' })
        : jsonResponse(200, makeReferralSummary([]));
    });
    renderPage();
    expect(await screen.findByText('Your rewards could not be loaded')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No rewards from your invites yet' })).toBeInTheDocument();
  });

  it('shows the First Card Creation Bonus once earned, and as pending for a referred user without a card', async () => {
    mockReferralApi({
      summary: makeReferralSummary([], { isReferred: true, firstCardCreationReward: { earned: true, amount: 500 } }),
    });
    const { unmount } = renderPage();
    expect(await screen.findByText('First Card Creation Bonus')).toBeInTheDocument();
    expect(screen.getByText(/creating your first card earned you/)).toHaveTextContent('$5.00');
    unmount();

    // A referred user who has invited nobody: the bonus went to the balance, and the page does not read as if it
    // contradicted itself (a bonus "in the balance" beside no earnings and "No rewards yet").
    mockReferralApi({
      stats: makeReferralStats({ totalEarnings: 0 }),
      summary: makeReferralSummary([], { isReferred: true, firstCardCreationReward: { earned: true, amount: 500 } }),
    });
    const referred = renderPage();
    const bonus = (await screen.findByText('First Card Creation Bonus')).closest('[role="alert"], .mantine-Alert-root');
    expect(bonus).toHaveTextContent(/paid into your account balance at once/);
    expect(bonus).toHaveTextContent(/referral earnings on this page count only what you earn by inviting friends/);
    expect(bonus).not.toHaveTextContent(/already in your balance/);
    const earnings = await screen.findByRole('region', { name: 'Total Earnings' });
    expect(within(earnings).getByText('$0.00')).toBeInTheDocument();
    expect(within(earnings).getByText('Earned by inviting friends')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No rewards from your invites yet' })).toBeInTheDocument();
    referred.unmount();

    mockReferralApi({
      summary: makeReferralSummary([], { isReferred: true, firstCardCreationReward: { earned: false, amount: 500 } }),
    });
    const pending = renderPage();
    expect(await screen.findByText('First Card Creation Bonus pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first card' })).toHaveAttribute('href', '/dashboard');
    pending.unmount();

    mockReferralApi({ summary: makeReferralSummary([]) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No rewards from your invites yet' })).toBeInTheDocument();
    expect(screen.queryByText(/First Card Creation Bonus/)).not.toBeInTheDocument();
  });

  it('explains the programme in the How it works tab', async () => {
    mockReferralApi({});
    renderPage();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'How it works' }));
    expect(screen.getByText('They verify their e-mail: you earn $1.00')).toBeInTheDocument();
    expect(screen.getByText('They create their first card: you earn $5.00')).toBeInTheDocument();
    expect(screen.getByText('Withdraw from $25.00')).toBeInTheDocument();
  });
});
