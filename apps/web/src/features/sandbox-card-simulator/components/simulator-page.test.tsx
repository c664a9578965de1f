import type { SimulatorCard, SimulatorPurchase } from '@coincard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/router';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { cardReturnPath } from './return-path';
import { SimulatorPage } from './simulator-page';

const CARD_ID = 'bf13e1f797087f75dc20ed03c3aee017';
const BASE = `/sandbox/issuing/simulator/cards/${CARD_ID}`;

/** The sandbox issuer in miniature: approves what the card can pay, declines the rest, refunds once. */
function mockSimulator(initial: Partial<SimulatorCard> = {}) {
  const card: SimulatorCard = {
    cardId: CARD_ID,
    last4: '6955',
    cardName: 'DEMO COINCARD',
    status: 'active',
    availableCents: 5000,
    purchases: [],
    merchants: [
      { slug: 'netflix', name: 'Netflix', category: 'Entertainment' },
      { slug: 'amazon', name: 'Amazon', category: 'Shopping' },
    ],
    ...initial,
  };
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url === BASE) return jsonResponse(200, card);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === `${BASE}/purchases`) {
      posted.push(body);
      const amount = Number(body.amountCents);
      if (amount > card.availableCents) {
        return jsonResponse(200, {
          outcome: 'declined',
          reason: 'Insufficient balance to pay the merchant charge',
          reference: null,
        });
      }
      const purchase: SimulatorPurchase = {
        reference: `ref-${posted.length}`,
        type: 'DEBIT',
        amountCents: amount,
        description: 'NETFLIX.COM',
        merchantName: card.merchants.find((merchant) => merchant.slug === body.merchant)?.name ?? null,
        isRefunded: false,
        createdAt: '2026-03-05T12:00:00.000Z',
      };
      card.availableCents -= amount;
      card.purchases = [purchase, ...card.purchases];
      return jsonResponse(200, { outcome: 'successful', reason: null, reference: purchase.reference });
    }
    if (url === `${BASE}/refunds`) {
      posted.push(body);
      card.purchases = card.purchases.map((purchase) =>
        purchase.reference === body.reference ? { ...purchase, isRefunded: true } : purchase,
      );
      return jsonResponse(200, { reference: `${String(body.reference)}_REVERSAL` });
    }
    return jsonResponse(404, { message: 'This card does not exist at the sandbox issuer.', errorCode: 'NotFound' });
  });
  return { posted };
}

describe('Spend simulator page', () => {
  it('shows the sandbox banner and the card: last 4, name, status and available balance', async () => {
    mockSimulator();
    renderWithProviders(<SimulatorPage issuerCardId={CARD_ID} returnTo={null} />);
    const card = await screen.findByRole('region', { name: 'The card' });
    expect(
      within(card).getByRole('img', { name: 'Card DEMO COINCARD, number ending in 6955, active' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText(/Sandbox — no real money moves/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to your card' })).not.toBeInTheDocument();
  });

  it('buys from the chosen merchant and shows the purchase approved', async () => {
    const { posted } = mockSimulator();
    renderWithProviders(<SimulatorPage issuerCardId={CARD_ID} returnTo="/cards/abc" />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Amount \(USD\)/ }), '12.99');
    await user.click(screen.getByRole('switch', { name: /^Recurring payment/ }));
    await user.click(screen.getByRole('button', { name: 'Buy for $12.99' }));

    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Netflix charged $12.99 to the card.')).toBeInTheDocument();
    expect(posted).toEqual([{ amountCents: 1299, merchant: 'netflix', recurring: true }]);
    const purchases = screen.getByRole('region', { name: 'Recent purchases' });
    expect(await within(purchases).findByText('-$12.99')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your card' })).toHaveAttribute('href', '/cards/abc');
  });

  it('tries a purchase above the available balance in one click and shows the decline with its reason', async () => {
    const { posted } = mockSimulator({ availableCents: 5000 });
    renderWithProviders(<SimulatorPage issuerCardId={CARD_ID} returnTo={null} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try a declined purchase' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(
      screen.getByText('Netflix asked for $51.00: Insufficient balance to pay the merchant charge.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ amountCents: 5100, merchant: 'netflix', recurring: false }]);
  });

  it('refunds a purchase once: its button is off afterwards', async () => {
    const { posted } = mockSimulator({
      purchases: [
        {
          reference: 'ref-amazon',
          type: 'DEBIT',
          amountCents: 2000,
          description: 'AMAZON MKTPL',
          merchantName: 'Amazon',
          isRefunded: false,
          createdAt: '2026-03-05T12:00:00.000Z',
        },
      ],
    });
    renderWithProviders(<SimulatorPage issuerCardId={CARD_ID} returnTo={null} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund $20.00 at Amazon' }));
    const refunded = await screen.findByRole('button', { name: 'Refunded $20.00 at Amazon' });
    expect(refunded).toBeDisabled();
    expect(posted).toEqual([{ reference: 'ref-amazon' }]);
  });

  it('follows ?return= only to a card page of the app', () => {
    expect(cardReturnPath('/cards/0190f5a2')).toBe('/cards/0190f5a2');
    expect(cardReturnPath('/dashboard')).toBeNull();
    expect(cardReturnPath('//evil.example/cards/1')).toBeNull();
    expect(cardReturnPath('https://evil.example/cards/1')).toBeNull();
    expect(cardReturnPath(null)).toBeNull();
  });

  it('is a public route that says so when the card does not exist', async () => {
    mockSimulator();
    renderWithProviders(<AppRoutes />, { route: '/sandbox/cards/unknown?return=/dashboard' });
    expect(
      await screen.findByRole('heading', { name: 'This card does not exist at the sandbox issuer' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to your card' })).not.toBeInTheDocument();
  });
});
