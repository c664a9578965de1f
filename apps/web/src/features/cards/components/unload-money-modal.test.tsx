import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCard, makeOperation } from '../../../test/cards';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { cardQueryKey } from '../api/get-card';
import { UnloadMoneyModal } from './unload-money-modal';

const NOW = new Date('2026-03-05T12:00:00.000Z');

function mockApi(unloadAnswer: { status: number; body: unknown } | null = null) {
  const unloads: { body: unknown; idempotencyKey: string | null }[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/user') return jsonResponse(200, makeUser({ balance: 1234 }));
    if (url.endsWith('/unload') && init?.method === 'PATCH') {
      unloads.push({
        body: JSON.parse(String(init.body)),
        idempotencyKey: new Headers(init.headers).get('Idempotency-Key'),
      });
      if (unloadAnswer) return jsonResponse(unloadAnswer.status, unloadAnswer.body);
      return jsonResponse(200, {
        message: 'Unloading $20.00 from your card. It returns to your balance in a moment.',
        card: makeCard(),
        operation: makeOperation({ kind: 'unload', amount: 2000, fee: 0 }),
      });
    }
    return jsonResponse(200, makeCard());
  });
  return { fetchMock, unloads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Unload Money modal', () => {
  it('counts the 5-minute cooldown down live and allows the unload once it is over', () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, now: NOW });
    mockApi();
    const card = makeCard({
      name: 'Everyday',
      balance: 5000,
      unloadAvailableAt: new Date(NOW.getTime() + 125_000).toISOString(),
    });
    renderWithProviders(<UnloadMoneyModal card={card} opened onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Unload money from Everyday' });

    expect(within(dialog).getByText('One withdrawal per card every 5 minutes.')).toBeInTheDocument();
    expect(within(dialog).getByText('At least $1.00 must remain on the card.')).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent('02:05');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount to unload/ }), { target: { value: '20' } });
    const unload = within(dialog).getByRole('button', { name: 'Unload $20.00' });
    expect(unload).toBeDisabled();
    expect(unload).toHaveAccessibleDescription('Wait for the countdown to end.');

    act(() => vi.advanceTimersByTime(5000));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('02:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(dialog).getByRole('timer')).toHaveTextContent('01:00');

    act(() => vi.advanceTimersByTime(60_000));
    expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument();
    expect(unload).toBeEnabled();
  });

  it('keeps $1 on the card: explains the most that can be unloaded and the smallest unload', async () => {
    mockApi();
    renderWithProviders(<UnloadMoneyModal card={makeCard({ balance: 5000 })} opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    const amount = screen.getByRole('textbox', { name: /Amount to unload/ });
    expect(amount).toHaveAccessibleDescription(/you can unload up to \$49\.00/);

    await user.type(amount, '49.50');
    expect(screen.getByText('At least $1.00 must stay on the card: you can unload up to $49.00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unload' })).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '0.50');
    expect(screen.getByText('The smallest unload is $1.00.')).toBeInTheDocument();
  });

  it('unloads the amount in cents with an Idempotency-Key and shows what returns to the balance', async () => {
    const { unloads } = mockApi();
    const onClose = vi.fn();
    renderWithProviders(<UnloadMoneyModal card={makeCard({ balance: 5000 })} opened onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Amount to unload/ }), '20');
    const summary = screen.getByRole('region', { name: 'Unload summary' });
    const line = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(line('Back to your balance')).toBe('$20.00');
    expect(line('Left on the card')).toBe('$30.00');
    await within(summary).findByText('Balance after');
    expect(line('Balance after')).toBe('$32.34');

    await user.click(screen.getByRole('button', { name: 'Unload $20.00' }));
    expect(await screen.findByText(/Unloading \$20\.00 from your card/)).toBeInTheDocument();
    expect(unloads).toEqual([{ body: { amount: 2000 }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's cooldown message and reads the card again", async () => {
    mockApi({
      status: 429,
      body: {
        message: 'You can unload a card once every 5 minutes. Try again in 42 seconds.',
        errorCode: 'UnloadCooldown',
        retryAfterSeconds: 42,
      },
    });
    const card = makeCard({ balance: 5000 });
    const { queryClient } = renderWithProviders(<UnloadMoneyModal card={card} opened onClose={vi.fn()} />);
    queryClient.setQueryData(cardQueryKey(card._id), card);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Amount to unload/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Unload $10.00' }));
    expect(
      await screen.findByText('You can unload a card once every 5 minutes. Try again in 42 seconds.'),
    ).toBeInTheDocument();
    // Another device unloaded first: the card is read again, so its countdown shows.
    expect(queryClient.getQueryState(cardQueryKey(card._id))?.isInvalidated).toBe(true);
  });
});
