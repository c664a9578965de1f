import { CARD_SECRETS_VISIBLE_MS, type Card } from '@coincard/shared';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardDetailsRoute } from '../../../app/routes/card-details-route';
import { useCurrentUser } from '../../../lib/current-user';
import { makeCard, makeCardTransactionsPage, makeOperation } from '../../../test/cards';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { cardSecretsQueryKey } from '../api/get-card-secrets';

const SECRETS = { cardNumber: '5555444433332222', expiry: '09/29', cvv: '123' };

type Server = {
  card: Card;
  others?: Card[];
  secretsStatus?: number;
  cardStatus?: number;
  /** The API asks for a step-up until the page has sent one (POST /api/auth/step-up). */
  needsStepUp?: boolean;
};

/** The card API in miniature: one card (and maybe others), its secrets and an empty history. */
function mockCardApi(server: Server) {
  const calls: { method: string; url: string }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const id = server.card._id;
    if (url === '/api/user') return jsonResponse(200, makeUser({ balance: 10_000, cardholderId: 'ch_1' }));
    if (url === '/api/cards') return jsonResponse(200, [server.card, ...(server.others ?? [])]);
    if (url === `/api/cards/${id}/public`) {
      return server.cardStatus
        ? jsonResponse(server.cardStatus, { message: 'Card not found.', errorCode: 'NotFound' })
        : jsonResponse(200, server.card);
    }
    if (url === '/api/auth/step-up' && method === 'GET')
      return jsonResponse(200, {
        password: true,
        authenticator: false,
        emailCode: false,
        passkey: false,
        steppedUpUntil: null,
      });
    if (url === '/api/auth/step-up' && method === 'POST') {
      server.needsStepUp = false;
      return jsonResponse(200, { message: 'Confirmed.', steppedUpUntil: new Date(Date.now() + 300_000).toISOString() });
    }
    if (url === `/api/cards/${id}/private` && server.needsStepUp) {
      return jsonResponse(403, { message: 'Confirm it is you first.', errorCode: 'StepUpRequired' });
    }
    if (url === `/api/cards/${id}/private`) {
      return server.secretsStatus
        ? jsonResponse(server.secretsStatus, {
            message: 'Too many card reveals. Try again in 15 minutes.',
            errorCode: 'TooManyRequests',
          })
        : jsonResponse(200, SECRETS);
    }
    if (url.startsWith(`/api/cards/${id}/transactions`)) return jsonResponse(200, makeCardTransactionsPage([]));
    if (url === `/api/cards/${id}/freeze` && method === 'PATCH') {
      server.card = { ...server.card, status: 'frozen', frozenReason: 'user' };
      return jsonResponse(200, { message: 'Your card is frozen.', card: server.card });
    }
    if (url === `/api/cards/${id}/unfreeze` && method === 'PATCH') {
      server.card = { ...server.card, status: 'active', frozenReason: null };
      return jsonResponse(200, { message: 'Your card is active again.', card: server.card });
    }
    if (url === `/api/cards/${id}` && method === 'DELETE') {
      return jsonResponse(200, {
        message: 'Card deleted. Its $50.00 balance is on its way back to your balance.',
        returnedAmount: 5000,
      });
    }
    return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
  });
  return { fetchMock, calls, server };
}

/** The app shell keeps the current user on screen; the page's refreshes of it are seen through this. */
function UserProbe() {
  const { data } = useCurrentUser();
  return <output aria-label="Balance">{data?.balance ?? ''}</output>;
}

function renderCardPage(cardId: string) {
  return renderWithProviders(
    <>
      <UserProbe />
      <Routes>
        <Route path="/cards/:id" element={<CardDetailsRoute />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: `/cards/${cardId}` },
  );
}

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('Card details page', () => {
  it('shows the card with its number masked, the controls, the history and the footer', async () => {
    const card = makeCard({ name: 'Everyday', last4Digits: '4242', balance: 12_345, holderName: 'Alice Example' });
    mockCardApi({ card });
    renderCardPage(card._id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Everyday' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Everyday, active, balance \$123\.45, number ending in 4242/ }),
    ).toBeVisible();
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Valid thru ••/••')).toBeInTheDocument();
    expect(screen.queryByText('123')).not.toBeInTheDocument();
    for (const name of ['Freeze', '3DS Code', 'Load Money', 'Unload Money', 'Delete Card']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Terms', 'Privacy', 'Support']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(footer).getByText(/CoinCard is not a bank\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open spend simulator' })).not.toBeInTheDocument();
  });

  it('reveals number, expiry and CVV on request, and hides them (and drops them from the cache) on Hide', async () => {
    const card = makeCard();
    const { fetchMock } = mockCardApi({ card });
    const { queryClient } = renderCardPage(card._id);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Show CVV' }));
    const details = await screen.findByRole('region', { name: 'Card details' });
    expect(await within(details).findByText('5555 4444 3333 2222')).toBeInTheDocument();
    expect(within(details).getByText('09/29')).toBeInTheDocument();
    expect(within(details).getByText('123')).toBeInTheDocument();
    for (const name of ['Copy card number', 'Copy expiry', 'Copy cvv']) {
      expect(within(details).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Valid thru 09/29')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide CVV' })).toHaveAttribute('aria-pressed', 'true');

    // user-event gives the page a clipboard of its own.
    await user.click(within(details).getByRole('button', { name: 'Copy card number' }));
    expect(await navigator.clipboard.readText()).toBe('5555444433332222');
    expect(await within(details).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(details).getByText('Card number copied')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/cards/${card._id}/private`)).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Hide CVV' }));
    expect(screen.queryByRole('region', { name: 'Card details' })).not.toBeInTheDocument();
    expect(screen.queryByText('5555 4444 3333 2222')).not.toBeInTheDocument();
    expect(screen.getByText('Valid thru ••/••')).toBeInTheDocument();
    expect(queryClient.getQueryData(cardSecretsQueryKey(card._id))).toBeUndefined();
  });

  it('hides the details by itself after 30 seconds, and when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const card = makeCard();
    mockCardApi({ card });
    const { queryClient, unmount } = renderCardPage(card._id);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const details = () => screen.queryByRole('region', { name: 'Card details' });

    await user.click(await screen.findByRole('button', { name: 'Show CVV' }));
    expect(await screen.findByText('Valid thru 09/29')).toBeInTheDocument();
    expect(details()).toHaveTextContent('5555 4444 3333 2222');
    expect(screen.getByText(/Hidden again in 00:(30|29)/)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(CARD_SECRETS_VISIBLE_MS - 1000));
    expect(details()).toHaveTextContent('5555 4444 3333 2222');
    act(() => vi.advanceTimersByTime(1000));
    expect(details()).not.toBeInTheDocument();
    expect(screen.getByText('Valid thru ••/••')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show CVV' })).toHaveAttribute('aria-pressed', 'false');
    expect(queryClient.getQueryData(cardSecretsQueryKey(card._id))).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Show CVV' }));
    expect(await screen.findByText('Valid thru 09/29')).toBeInTheDocument();
    unmount();
    expect(queryClient.getQueryData(cardSecretsQueryKey(card._id))).toBeUndefined();
  });

  it('asks the person to confirm it is them when the API wants a step-up, then reveals', async () => {
    const card = makeCard();
    const { fetchMock } = mockCardApi({ card, needsStepUp: true });
    renderCardPage(card._id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show CVV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(
      await within(dialog).findByText(/To show the full card number, expiry and CVV, confirm it is you/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Card details' })).not.toBeInTheDocument();
    // No toast: the dialog is the answer.
    expect(screen.queryByText('Confirm it is you first.')).not.toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText('Password'), 'Correct-Horse-42{Enter}');
    const details = await screen.findByRole('region', { name: 'Card details' });
    expect(await within(details).findByText('5555 4444 3333 2222')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/cards/${card._id}/private`)).toBe(2);
  });

  it('keeps the details hidden when the step-up is cancelled', async () => {
    const card = makeCard();
    mockCardApi({ card, needsStepUp: true });
    renderCardPage(card._id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show CVV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show CVV' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Card details' })).not.toBeInTheDocument();
  });

  it('says why when a reveal is refused, and keeps the details hidden', async () => {
    const card = makeCard();
    mockCardApi({ card, secretsStatus: 429 });
    renderCardPage(card._id);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show CVV' }));
    expect(await screen.findByText('Too many card reveals. Try again in 15 minutes.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Show CVV' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Card details' })).not.toBeInTheDocument();
  });

  it('keeps Unload Money off during the 5-minute cooldown, saying how long is left, and turns it on when it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const card = makeCard({
      name: 'Everyday',
      balance: 5000,
      unloadAvailableAt: new Date(Date.now() + 125_000).toISOString(),
    });
    mockCardApi({ card });
    renderCardPage(card._id);

    const unload = await screen.findByRole('button', { name: 'Unload Money' });
    expect(unload).toBeDisabled();
    expect(unload).toHaveAccessibleDescription(
      /^Unload opens again in 02:0[45] \(one unload per card every 5 minutes\)\.$/,
    );
    // Only Unload waits: the other controls stay on.
    for (const name of ['Freeze', '3DS Code', 'Load Money', 'Delete Card']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }

    act(() => vi.advanceTimersByTime(60_000));
    expect(unload).toHaveAccessibleDescription(/Unload opens again in 01:0[45]/);
    act(() => vi.advanceTimersByTime(66_000));
    expect(unload).toBeEnabled();
    expect(screen.queryByText(/Unload opens again/)).not.toBeInTheDocument();
  });

  it('says at once that a freeze tapped offline was not sent, and does not send it when the connection returns', async () => {
    const card = makeCard({ name: 'Everyday', balance: 5000 });
    const { calls } = mockCardApi({ card });
    renderCardPage(card._id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Freeze' }));
    const confirm = await screen.findByRole('dialog', { name: 'Freeze this card?' });

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => onlineManager.setOnline(false));
    await user.click(within(confirm).getByRole('button', { name: 'Freeze card' }));
    expect(
      await screen.findByText(
        "You're offline, so nothing was sent and nothing changed. Try again once you're connected.",
      ),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Freeze card' })).not.toHaveAttribute('data-loading');

    offline.mockRestore();
    await act(async () => onlineManager.setOnline(true));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect(within(confirm).getByRole('button', { name: 'Freeze card' })).not.toHaveAttribute('data-loading');
  });

  it('freezes after a confirmation, unfreezes at once, and says why Load and Unload are off while frozen', async () => {
    const card = makeCard({ name: 'Everyday', balance: 5000 });
    const { calls } = mockCardApi({ card });
    renderCardPage(card._id);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Freeze' }));
    const confirm = await screen.findByRole('dialog', { name: 'Freeze this card?' });
    expect(within(confirm).getByText(/\$50\.00 stays on the card/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Freeze card' }));

    expect(await screen.findByRole('button', { name: 'Unfreeze' })).toBeEnabled();
    expect(screen.getAllByText('Frozen').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: /Everyday, frozen/ })).toBeInTheDocument();
    const reason = 'Load and Unload need an active card: unfreeze it first.';
    expect(screen.getByRole('button', { name: 'Load Money' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Load Money' })).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Unload Money' })).toHaveAccessibleDescription(reason);

    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByRole('button', { name: 'Freeze' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load Money' })).toBeEnabled();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual([
      `/api/cards/${card._id}/freeze`,
      `/api/cards/${card._id}/unfreeze`,
    ]);
  });

  it('explains a card frozen for an unpaid monthly fee, with Add Money at hand', async () => {
    const card = makeCard({ status: 'frozen', frozenReason: 'unpaid_fee' });
    mockCardApi({ card });
    renderCardPage(card._id);
    const notice = (await screen.findByText('Monthly fee unpaid')).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByText(/Add money to your balance, then unfreeze the card/)).toBeInTheDocument();
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Add Money' }));
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();
  });

  it('turns Unfreeze off for a card frozen by support, and says so', async () => {
    const card = makeCard({ status: 'frozen', frozenReason: 'admin' });
    mockCardApi({ card });
    renderCardPage(card._id);
    const unfreeze = await screen.findByRole('button', { name: 'Unfreeze' });
    expect(unfreeze).toBeDisabled();
    expect(unfreeze).toHaveAccessibleDescription('CoinCard support froze this card. Contact support to unfreeze it.');
  });

  it('shows money on its way as in progress, polls, and refreshes the balances once it has arrived', async () => {
    const loading = makeCard({ balance: 0, pendingOperations: [makeOperation({ kind: 'fund', amount: 2000 })] });
    const { fetchMock, server } = mockCardApi({ card: loading });
    renderCardPage(loading._id);

    expect(await screen.findByText('Loading $20.00')).toBeInTheDocument();
    expect(screen.getByText('— in progress')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Card' })).toHaveAccessibleDescription(
      'Money is still moving on this card; delete it once it has arrived.',
    );
    const userCalls = callsTo(fetchMock, '/api/user');
    const historyCalls = callsTo(fetchMock, `/api/cards/${loading._id}/transactions?page_no=1`);

    server.card = { ...loading, balance: 2000, pendingOperations: [] };
    await waitFor(() => expect(screen.queryByText('Loading $20.00')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getAllByText('$20.00').length).toBeGreaterThan(0);
    await waitFor(() => expect(callsTo(fetchMock, '/api/user')).toBeGreaterThan(userCalls));
    await waitFor(() =>
      expect(callsTo(fetchMock, `/api/cards/${loading._id}/transactions?page_no=1`)).toBeGreaterThan(historyCalls),
    );
  });

  it('asks before deleting, naming the balance that returns, then goes back to the dashboard', async () => {
    const card = makeCard({ name: 'Travel', balance: 5000, last4Digits: '1111' });
    const { calls } = mockCardApi({ card });
    renderCardPage(card._id);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Card' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this card?' });
    expect(within(confirm).getByText(/will be closed for good/)).toHaveTextContent('Travel (•••• 1111)');
    expect(within(confirm).getByText('$50.00')).toBeInTheDocument();
    expect(within(confirm).getByText(/returns to your account balance/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete card' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/dashboard');
    expect(
      screen.getByText('Card deleted. Its $50.00 balance is on its way back to your balance.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('switches between the user’s cards from the dropdown', async () => {
    const card = makeCard({ name: 'Everyday', last4Digits: '4242' });
    const other = makeCard({ name: 'Travel', last4Digits: '1111' });
    mockCardApi({ card, others: [other] });
    renderCardPage(card._id);
    const user = userEvent.setup();
    const switcher = await screen.findByRole('button', { name: 'Switch card: Everyday · 4242' });
    await user.click(switcher);
    expect(await screen.findByRole('menuitem', { name: 'Everyday · 4242' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`/cards/${card._id}`);
    await user.click(screen.getByRole('menuitem', { name: 'Travel · 1111' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(`/cards/${other._id}`);
  });

  it("says 'Failed to load. Please try again.' when the card cannot be read", async () => {
    const card = makeCard();
    mockCardApi({ card, cardStatus: 404 });
    renderCardPage(card._id);
    expect(await screen.findByText('Failed to load. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Card not found' })).toBeInTheDocument();
  });

  it('links to the sandbox spend simulator, with the way back to this card', async () => {
    const card = makeCard({ simulatorUrl: `${window.location.origin}/sandbox/cards/abc123` });
    mockCardApi({ card });
    renderCardPage(card._id);
    const link = await screen.findByRole('link', { name: 'Open spend simulator' });
    expect(link).toHaveAttribute('href', `/sandbox/cards/abc123?return=${encodeURIComponent(`/cards/${card._id}`)}`);
  });
});
