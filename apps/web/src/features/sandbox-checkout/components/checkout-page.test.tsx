import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/router';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import type { Checkout } from '../api/get-checkout';
import { CheckoutPage } from './checkout-page';

const UUID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const CHECKOUT_URL = `/sandbox/payments/checkout/${UUID}`;

function makeCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    uuid: UUID,
    orderId: 'cc-0190f5a2',
    amountUsd: '50.00',
    coin: 'USDT',
    network: 'tron',
    payerAmount: '49.990002',
    rate: '1.0002',
    address: 'TXsandboxAddress0000000000000000000',
    status: 'check',
    isFinal: false,
    paidUsd: null,
    expiresAt: new Date(Date.now() + 30 * 60 * 1000 + 500).toISOString(),
    returnUrl: 'http://localhost:3000/dashboard',
    ...overrides,
  };
}

/** The sandbox server in miniature: the invoice becomes what the tester chose. */
function mockSandbox(initial: Checkout) {
  let checkout = initial;
  const posted: unknown[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url === `${CHECKOUT_URL}/outcome` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { outcome: string; amountUsd?: string };
      posted.push(body);
      checkout = { ...checkout, status: body.outcome, isFinal: true, paidUsd: body.amountUsd ?? checkout.amountUsd };
      return jsonResponse(200, { status: body.outcome, returnUrl: checkout.returnUrl });
    }
    if (url === CHECKOUT_URL) return jsonResponse(200, checkout);
    return jsonResponse(404, { message: 'This payment does not exist.', errorCode: 'NotFound' });
  });
  return { fetchMock, posted };
}

describe('Sandbox checkout page', () => {
  it('shows the invoice like a crypto checkout: banner, amounts, network, address and countdown', async () => {
    mockSandbox(makeCheckout());
    renderWithProviders(<CheckoutPage uuid={UUID} />);
    expect(await screen.findByText('49.990002 USDT')).toBeInTheDocument();
    expect(screen.getByText(/Sandbox — no real money moves/)).toBeInTheDocument();
    expect(screen.getByText(/\$50\.00 USD · 1 USDT = \$1\.0002/)).toBeInTheDocument();
    expect(screen.getByText('TRON')).toBeInTheDocument();
    expect(screen.getByText('TXsandboxAddress0000000000000000000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    // Thirty minutes from when the invoice was made, less the seconds the page took to show (several on a busy CI).
    expect(screen.getByRole('timer')).toHaveTextContent(/^(30:00|29:[0-5]\d)$/);
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
  });

  it('posts Paid, then shows the final state and the way back to CoinCard', async () => {
    const { posted } = mockSandbox(makeCheckout());
    renderWithProviders(<CheckoutPage uuid={UUID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Paid · $50.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(posted).toEqual([{ outcome: 'paid' }]);
    expect(screen.getByRole('link', { name: 'Return to CoinCard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Fail' })).toBeDisabled();
  });

  it('posts an overpayment of 10% more and an underpayment of half by default', async () => {
    const first = mockSandbox(makeCheckout());
    const view = renderWithProviders(<CheckoutPage uuid={UUID} />);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Overpaid amount (USD)')).toHaveValue('55.00');
    await user.click(screen.getByRole('button', { name: 'Paid over' }));
    expect(await screen.findByRole('heading', { name: 'Overpayment received' })).toBeInTheDocument();
    expect(first.posted).toEqual([{ outcome: 'paid_over', amountUsd: '55.00' }]);
    view.unmount();

    const second = mockSandbox(makeCheckout());
    renderWithProviders(<CheckoutPage uuid={UUID} />);
    const underpaid = await screen.findByLabelText('Underpaid amount (USD)');
    expect(underpaid).toHaveValue('25.00');
    await user.clear(underpaid);
    await user.type(underpaid, '60');
    expect(screen.getByRole('button', { name: 'Paid less' })).toBeDisabled();
    await user.clear(underpaid);
    await user.type(underpaid, '20');
    await user.click(screen.getByRole('button', { name: 'Paid less' }));
    expect(await screen.findByRole('heading', { name: 'Partial payment received' })).toBeInTheDocument();
    expect(second.posted).toEqual([{ outcome: 'wrong_amount', amountUsd: '20.00' }]);
  });

  it('posts Expire and Fail', async () => {
    const { posted } = mockSandbox(makeCheckout());
    renderWithProviders(<CheckoutPage uuid={UUID} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Expire' }));
    expect(await screen.findByRole('heading', { name: 'Payment expired' })).toBeInTheDocument();
    expect(posted).toEqual([{ outcome: 'cancel' }]);
  });

  it('shows an already final invoice with every outcome switched off', async () => {
    mockSandbox(makeCheckout({ status: 'fail', isFinal: true }));
    renderWithProviders(<CheckoutPage uuid={UUID} />);
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('This payment is already final.')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Choose the outcome' });
    for (const name of ['Paid · $50.00', 'Paid over', 'Paid less', 'Expire', 'Fail']) {
      expect(within(panel).getByRole('button', { name })).toBeDisabled();
    }
  });

  it('shows an overpayment in a coin with the coins sent and their dollar value', async () => {
    mockSandbox(
      makeCheckout({
        coin: 'BTC',
        network: 'btc',
        payerAmount: '0.00051824',
        rate: '96480.10',
        status: 'paid_over',
        isFinal: true,
        paidUsd: '55.00',
        paidCoinAmount: '0.00057007',
      }),
    );
    renderWithProviders(<CheckoutPage uuid={UUID} />);
    expect(await screen.findByRole('heading', { name: 'Overpayment received' })).toBeInTheDocument();
    expect(
      screen.getByText(
        '0.00057007 BTC ($55.00) arrived for a $50.00 invoice. CoinCard adds its dollar value to your balance.',
      ),
    ).toBeInTheDocument();
  });

  it('is a public route that says so when the payment does not exist', async () => {
    mockFetch(() => jsonResponse(404, { message: 'This payment does not exist.', errorCode: 'NotFound' }));
    renderWithProviders(<AppRoutes />, { route: '/sandbox/checkout/unknown' });
    expect(await screen.findByRole('heading', { name: 'This payment does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to CoinCard' })).toHaveAttribute('href', '/dashboard');
  });
});
