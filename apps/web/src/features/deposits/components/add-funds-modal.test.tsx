import type { Deposit } from '@coincard/shared';
import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrentUser } from '../../../lib/current-user';
import { makeDeposit } from '../../../test/deposits';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AddFundsModal } from './add-funds-modal';
import { restOfUnderpayment } from './payment-outcome';

function BalanceProbe() {
  const { data } = useCurrentUser();
  return <output aria-label="Balance">{data?.balance ?? ''}</output>;
}

function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open Add Funds
      </button>
      <AddFundsModal opened={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

const created = makeDeposit({ amount: 5000, currency: 'USDT', network: 'TRON' });

function mockApi({
  course = 2,
  createStatus = 201,
  onServer = (): Deposit => created,
  balance = (): number => 0,
} = {}) {
  return mockFetch((url, init) => {
    if (url === '/api/user') return jsonResponse(200, makeUser({ balance: balance() }));
    if (url === `/api/transactions/${created._id}`) return jsonResponse(200, onServer());
    if (url.startsWith('/api/transactions/exchange-rate/')) {
      return jsonResponse(200, { from: url.split('/').pop(), to: 'USD', course });
    }
    if (url === '/api/transactions' && init?.method === 'POST') {
      return createStatus === 201
        ? jsonResponse(201, created)
        : jsonResponse(createStatus, { message: 'The payment provider is unavailable.', errorCode: 'ProviderError' });
    }
    return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
  });
}

async function openAndChoose(coin: RegExp) {
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open Add Funds' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
  await user.click(within(dialog).getByRole('button', { name: coin }));
  return { user, dialog };
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('Add Funds modal', () => {
  it('keeps Continue disabled until a valid amount is set, and explains amounts outside $10 to $10,000', async () => {
    mockApi();
    const { user, dialog } = await openAndChoose(/^USDT/);
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    const amount = within(dialog).getByLabelText(/Amount \(USD\)/);
    expect(within(dialog).getByText('Min $10.00 · Max $10,000.00')).toBeInTheDocument();
    expect(continueButton).toBeDisabled();

    await user.type(amount, '9.99');
    expect(within(dialog).getByText('The minimum top-up is $10.00.')).toBeInTheDocument();
    expect(continueButton).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '10000.01');
    expect(within(dialog).getByText('The maximum top-up is $10,000.00.')).toBeInTheDocument();
    expect(continueButton).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, 'abc');
    expect(within(dialog).getByText(/Enter an amount in dollars/)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '10');
    expect(continueButton).toBeEnabled();
  });

  it('defaults the network to the coin’s first listed network, and Back returns to the coins', async () => {
    mockApi();
    const { user, dialog } = await openAndChoose(/^ETH/);
    expect(within(dialog).getByRole('textbox', { name: 'Network' })).toHaveValue('Arbitrum');

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: /^ETH/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: /^DAI/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Network' })).toHaveValue('BSC');

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: /^BTC/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Network' })).toHaveValue('Bitcoin');
  });

  it('moves focus to the next step’s first field after a coin is chosen with Enter, and back to the coin on Back', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    within(dialog).getByRole('button', { name: /^USDT/ }).focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('textbox', { name: 'Network' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: /^USDT/ })).toHaveFocus();
  });

  it('holds no second banner landmark (its header is not the page’s)', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    expect(within(dialog).queryByRole('banner')).not.toBeInTheDocument();
  });

  it('finds coins by search', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    await user.type(within(dialog).getByLabelText('Search cryptocurrencies'), 'doge');
    expect(within(dialog).getByRole('button', { name: /^DOGE/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^USDT/ })).not.toBeInTheDocument();
  });

  it('shows the live rate and the coin amount as USD divided by the course', async () => {
    mockApi({ course: 2 });
    const { user, dialog } = await openAndChoose(/^USDT/);
    expect(await within(dialog).findByText('1 USDT = $2.00 USD')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    expect(within(dialog).getByText('You send ≈ 25 USDT')).toBeInTheDocument();
  });

  it('creates the deposit in cents with one Idempotency-Key, then offers the link with Copy and Pay Now', async () => {
    const fetchMock = mockApi();
    const { user, dialog } = await openAndChoose(/^USDT/);
    await user.click(within(dialog).getByRole('textbox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'TRON' }));
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Continue' }));

    const link = await within(dialog).findByRole('link', { name: /Pay Now/ });
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ currency: 'USDT', network: 'TRON', amountInUsd: 5000 });
    const keys = new Set(posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);

    expect(link).toHaveAttribute('href', created.paymentUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(dialog).getByLabelText('Payment link')).toHaveValue(created.paymentUrl);
    expect(within(dialog).getByText('$50.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('follows the deposit on step 3: paid in the checkout tab, the status, the message and the balance follow', async () => {
    let onServer = created;
    const fetchMock = mockApi({ onServer: () => onServer, balance: () => onServer.amountPaid });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <BalanceProbe />
        <Harness />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    await user.click(within(dialog).getByRole('button', { name: /^USDT/ }));
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Pending')).toBeInTheDocument();
    // Continue is gone with step 2: focus is on the summary of step 3, not on the page's body.
    expect(within(dialog).getByLabelText('Payment summary')).toHaveFocus();
    const reads = () => fetchMock.mock.calls.filter(([url]) => url === `/api/transactions/${created._id}`).length;
    expect(reads()).toBe(0);

    // The person pays in the sandbox checkout tab, then comes back to this one.
    onServer = { ...created, status: 'PAID', amountPaid: 5000 };
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await within(dialog).findByText('Paid')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment received')).toBeInTheDocument();
    expect(within(dialog).getByText('$50.00 was added to your balance.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Pay Now/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    // The last step is complete like the first two, and the summary (kept, not mounted again) still has the focus.
    expect(within(dialog).getByRole('button', { name: /Payment/ })).toHaveAttribute('data-completed');
    expect(within(dialog).getByLabelText('Payment summary')).toHaveFocus();
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('5000');
  });

  it('says so when the invoice expires instead of being paid', async () => {
    mockApi({ onServer: () => ({ ...created, status: 'EXPIRED' }) });
    const { user, dialog } = await openAndChoose(/^USDT/);
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('Pending');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await within(dialog).findByText('Invoice expired')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Payment link')).not.toBeInTheDocument();
  });

  it('says an underpaid invoice in amber with what is missing, and starts a new top-up for the rest', async () => {
    const underpaid = { ...created, status: 'PAID_LESS' as const, amountPaid: 2050 };
    const second = makeDeposit({ amount: 2950, currency: 'USDT', network: 'TRON' });
    const posts: { body: unknown; key: string | null }[] = [];
    mockFetch((url, init) => {
      if (url === '/api/user') return jsonResponse(200, makeUser({ balance: 2050 }));
      if (url === `/api/transactions/${created._id}`) return jsonResponse(200, underpaid);
      if (url === `/api/transactions/${second._id}`) return jsonResponse(200, second);
      if (url.startsWith('/api/transactions/exchange-rate/'))
        return jsonResponse(200, { from: 'USDT', to: 'USD', course: 1 });
      if (url === '/api/transactions' && init?.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return jsonResponse(201, posts.length === 1 ? created : second);
      }
      return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
    });
    const { user, dialog } = await openAndChoose(/^USDT/);
    await user.click(within(dialog).getByRole('textbox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'TRON' }));
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('Pending');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });

    expect(await within(dialog).findByText('Paid less than the invoice')).toBeInTheDocument();
    expect(within(dialog).queryByText('Payment received')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(/\$20\.50 of \$50\.00 arrived and was added to your balance\..*missing \$29\.50/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Top up $29.50' }));

    // Back on the amount step, same coin and network, the rest typed in; Continue opens a new invoice for it.
    expect(await within(dialog).findByLabelText(/Amount \(USD\)/)).toHaveValue('29.50');
    expect(within(dialog).getByRole('textbox', { name: 'Network' })).toHaveValue('TRON');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Pending')).toBeInTheDocument();
    expect(posts.map((post) => post.body)).toEqual([
      { currency: 'USDT', network: 'TRON', amountInUsd: 5000 },
      { currency: 'USDT', network: 'TRON', amountInUsd: 2950 },
    ]);
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });

  it('asks for the smallest top-up when less than that is missing', () => {
    const short = makeDeposit({ amount: 5000, amountPaid: 4990, status: 'PAID_LESS' });
    expect(restOfUnderpayment(short)).toEqual({ missing: 10, topUp: 1000 });
  });

  it('resets everything on Close', async () => {
    mockApi();
    const { user, dialog } = await openAndChoose(/^USDT/);
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open Add Funds' }));
    const reopened = await screen.findByRole('dialog', { name: 'Add Funds' });
    expect(within(reopened).getByLabelText('Search cryptocurrencies')).toBeInTheDocument();
    expect(within(reopened).getByRole('button', { name: /^USDT/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the server message in an error toast and stays on the amount step', async () => {
    mockApi({ createStatus: 502 });
    const { user, dialog } = await openAndChoose(/^USDT/);
    await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The payment provider is unavailable.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
