import type { CardControls } from '@coincard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CardSpendingControls } from './card-spending-controls';

const CARD_ID = '0190f5a2-7c1e-7b3a-9a4e-000000000001';
const URL_OF = `/api/cards/${CARD_ID}/controls`;

const controls = (overrides: Partial<CardControls> = {}): CardControls => ({
  perPurchase: null,
  daily: 1500,
  monthly: null,
  merchantLock: false,
  blockedCategories: [],
  singleUse: false,
  lockedMerchant: null,
  dailyWindow: { left: 501, spent: 999, renewsAt: '2026-11-26T00:00:00.000Z' },
  monthlyWindow: null,
  enforcement: 'authorization',
  ...overrides,
});

function serve(initial: CardControls, answerPut: (body: unknown) => Response = (body) => jsonResponse(200, body)) {
  const sent: unknown[] = [];
  mockFetch((url, init) => {
    if (url === URL_OF && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return answerPut({ ...initial, ...body });
    }
    if (url === URL_OF) return jsonResponse(200, initial);
    return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
  });
  return sent;
}

describe('Spending controls', () => {
  it('shows what is left under a limit and when it renews', async () => {
    serve(controls());
    renderWithProviders(<CardSpendingControls cardId={CARD_ID} />);
    const section = await screen.findByRole('region', { name: 'Spending controls' });
    expect(await within(section).findByText('$5.01 left today, renews on Nov 26, 2026 (UTC)')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Per day' })).toHaveValue('$15');
    expect(within(section).getByRole('button', { name: 'Save controls' })).toBeDisabled();
  });

  it('refuses a daily limit above the monthly one in the form, then sends dollars as cents', async () => {
    const sent = serve(controls());
    const user = userEvent.setup();
    renderWithProviders(<CardSpendingControls cardId={CARD_ID} />);
    const section = await screen.findByRole('region', { name: 'Spending controls' });
    const monthly = await within(section).findByRole('textbox', { name: 'Per month' });
    await user.type(monthly, '10');
    await user.click(within(section).getByRole('button', { name: 'Save controls' }));
    expect(await within(section).findByText('Cannot be more than the monthly limit.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(monthly);
    await user.type(monthly, '200.5');
    await user.click(within(section).getByRole('checkbox', { name: 'Travel' }));
    await user.click(within(section).getByRole('button', { name: 'Save controls' }));
    expect(await screen.findByText('Spending controls saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { perPurchase: null, daily: 1500, monthly: 20_050, merchantLock: false, blockedCategories: ['travel'] },
    ]);
  });

  it('says which controls hold when the issuer does not ask before a purchase', async () => {
    serve(controls({ enforcement: 'after-purchase', singleUse: true }));
    renderWithProviders(<CardSpendingControls cardId={CARD_ID} />);
    expect(await screen.findByText(/the card is frozen as soon\s+as a purchase reaches/)).toBeInTheDocument();
    expect(screen.getByText('Single-use')).toBeInTheDocument();
  });
});
