import { quoteLoad } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCard, makeOperation } from '../../../test/cards';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { LoadMoneyModal } from './load-money-modal';

const card = makeCard({ name: 'Everyday', balance: 0 });
const BALANCE = 10_000;

/** The API in miniature: quotes like the server, refusing anything that takes more than the balance. */
function mockApi(options: { stepUpFirst?: boolean; dropFirstAnswer?: boolean } = {}) {
  let needsStepUp = options.stepUpFirst ?? false;
  let dropAnswer = options.dropFirstAnswer ?? false;
  const loads: { body: unknown; idempotencyKey: string | null }[] = [];
  const quotes: string[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/user') return jsonResponse(200, makeUser({ balance: BALANCE }));
    if (url.startsWith(`/api/cards/${card._id}/load-quote?`)) {
      quotes.push(url);
      const params = new URL(url, 'http://localhost').searchParams;
      const quote = quoteLoad(Number(params.get('amount')), params.get('includesFee') === 'true');
      const canLoad = quote.balancePays <= BALANCE;
      return jsonResponse(200, {
        ...quote,
        monthlyRemaining: 500_000,
        canLoad,
        reason: canLoad ? null : `This load takes more than your balance holds.`,
      });
    }
    if (url === '/api/auth/step-up' && init?.method === 'POST') {
      needsStepUp = false;
      return jsonResponse(200, { message: 'Confirmed.', steppedUpUntil: new Date(Date.now() + 300_000).toISOString() });
    }
    if (url === '/api/auth/step-up')
      return jsonResponse(200, {
        password: true,
        authenticator: false,
        emailCode: false,
        passkey: false,
        steppedUpUntil: null,
      });
    if (url === `/api/cards/${card._id}/load` && needsStepUp) {
      return jsonResponse(403, {
        message: 'Loads above $200.00 a day need you to confirm it is you: your password, a code or a passkey.',
        errorCode: 'StepUpRequired',
      });
    }
    if (url === `/api/cards/${card._id}/load` && init?.method === 'PATCH') {
      loads.push({
        body: JSON.parse(String(init.body)),
        idempotencyKey: new Headers(init.headers).get('Idempotency-Key'),
      });
      if (dropAnswer) {
        // The request reached the server, the answer was lost on the way back.
        dropAnswer = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return jsonResponse(200, {
        message: 'Loading $50.00 onto your card (fee $3.50). It shows on the card in a moment.',
        card: { ...card, pendingOperations: [makeOperation({ amount: 5000, fee: 350 })] },
        operation: makeOperation({ amount: 5000, fee: 350 }),
      });
    }
    return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
  });
  return { fetchMock, loads, quotes };
}

function renderModal() {
  let isOpen = true;
  const view = renderWithProviders(
    <LoadMoneyModal
      card={card}
      opened
      onClose={() => {
        isOpen = false;
      }}
    />,
  );
  return { ...view, isOpen: () => isOpen };
}

const summary = () => screen.getByRole('region', { name: 'Load quote' });
const line = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent;

describe('Load Money modal', () => {
  it('shows the quote at once, then enables Load once the API confirms it', async () => {
    mockApi();
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    expect(within(dialog).getByRole('button', { name: 'Load' })).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '50');
    expect(line('Card receives')).toBe('$50.00');
    expect(line('Fee (5% + $1.00)')).toBe('$3.50');
    expect(line('Taken from your balance')).toBe('$53.50');
    expect(await within(summary()).findByText('Balance after')).toBeInTheDocument();
    expect(line('Balance after')).toBe('$46.50');
    expect(within(dialog).getByRole('button', { name: 'Load $50.00' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Load $50.00' })).toBeEnabled());
  });

  it('recomputes the numbers when the fee is included in the amount', async () => {
    mockApi();
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '50');
    await user.click(within(dialog).getByRole('switch', { name: /^Include the fee in this amount/ }));

    expect(within(dialog).getByRole('textbox', { name: /Total to spend/ })).toHaveValue('50');
    expect(line('Card receives')).toBe('$46.66');
    expect(line('Fee (5% + $1.00)')).toBe('$3.34');
    expect(line('Taken from your balance')).toBe('$50.00');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Load $46.66' })).toBeEnabled());
  });

  it("keeps Load disabled and gives the API's reason when the load cannot go through", async () => {
    const { quotes } = mockApi();
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '200');

    const reason = await within(dialog).findByText('This load takes more than your balance holds.');
    const load = within(dialog).getByRole('button', { name: 'Load $200.00' });
    expect(load).toBeDisabled();
    expect(load).toHaveAccessibleDescription('This load takes more than your balance holds.');
    expect(reason.closest('[role="alert"]')).not.toBeNull();
    // Typing is debounced: one quote for the amount finally typed.
    expect(quotes).toEqual([`/api/cards/${card._id}/load-quote?amount=20000&includesFee=false`]);
  });

  it('explains an amount that is not one', async () => {
    mockApi();
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '12.345');
    expect(within(dialog).getByText('Enter an amount in dollars, like 20 or 19.99.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Load' })).toBeDisabled();
  });

  it('loads the amount in cents with includesFee and an Idempotency-Key, then toasts and closes', async () => {
    const { loads } = mockApi();
    const view = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '50');
    const load = within(dialog).getByRole('button', { name: 'Load $50.00' });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);

    expect(await screen.findByText(/Loading \$50\.00 onto your card/)).toBeInTheDocument();
    expect(loads).toHaveLength(1);
    expect(loads[0]?.body).toEqual({ amount: 5000, includesFee: false });
    expect(loads[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(view.isOpen()).toBe(false));
  });

  it('sends the same Idempotency-Key again after a load that got no answer, so it cannot load twice', async () => {
    const { loads } = mockApi({ dropFirstAnswer: true });
    const view = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '50');
    const load = within(dialog).getByRole('button', { name: 'Load $50.00' });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);
    expect(
      await screen.findByText('CoinCard could not be reached. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load $50.00' }));
    await waitFor(() => expect(view.isOpen()).toBe(false));
    expect(loads).toHaveLength(2);
    expect(loads[1]?.idempotencyKey).toBe(loads[0]?.idempotencyKey);
  });

  it('asks to confirm it is the person for a large load, then sends it', async () => {
    const { loads } = mockApi({ stepUpFirst: true });
    const view = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Load money onto Everyday' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to put on the card/ }), '50');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Load $50.00' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Load $50.00' }));
    expect(
      await within(dialog).findByText(/Loads above \$200\.00 a day need you to confirm it is you/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText('Password'), 'Correct-Horse-42');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(loads).toHaveLength(1));
    expect(loads[0]?.body).toEqual({ amount: 5000, includesFee: false });
    await waitFor(() => expect(view.isOpen()).toBe(false));
  });
});
