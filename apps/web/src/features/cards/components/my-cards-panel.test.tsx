import type { Card } from '@coincard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCard, makeOperation } from '../../../test/cards';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { MyCardsPanel } from './my-cards-panel';

const readyUser = makeUser({ cardholderId: 'ch_1', balance: 50_000 });

function renderPanel(cards: Card[] | 'error', user = readyUser, onCreateCard = vi.fn()) {
  mockFetch(() =>
    cards === 'error'
      ? jsonResponse(500, { message: 'Internal error', errorCode: 'InternalError' })
      : jsonResponse(200, cards),
  );
  renderWithProviders(<MyCardsPanel user={user} onCreateCard={onCreateCard} />);
  return onCreateCard;
}

/** The status badge inside a tile, with the colour it is drawn in. */
function badgeIn(tile: HTMLElement, label: string) {
  const badge = within(tile).getByText(label).closest('.mantine-Badge-root');
  return badge?.getAttribute('style') ?? '';
}

describe('My Cards panel', () => {
  it('shows skeleton tiles while the cards load', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<MyCardsPanel user={readyUser} onCreateCard={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'My Cards' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create New Card/ })).not.toBeInTheDocument();
  });

  it('shows each card as a tile with label, coloured status, balance and last 4, opening /cards/{id}', async () => {
    const active = makeCard({ name: 'Everyday', balance: 12_345, last4Digits: '4242' });
    const frozen = makeCard({
      name: 'Travel',
      status: 'frozen',
      frozenReason: 'user',
      balance: 0,
      last4Digits: '1111',
    });
    const pending = makeCard({ name: 'Subscriptions', status: 'pending', balance: 0, last4Digits: null });
    renderPanel([active, frozen, pending]);

    const tiles = await screen.findAllByRole('link');
    expect(tiles).toHaveLength(3);
    const [first, second, third] = tiles as [HTMLElement, HTMLElement, HTMLElement];

    expect(first).toHaveAttribute('href', `/cards/${active._id}`);
    expect(first).toHaveAccessibleName('Everyday, active, balance $123.45, number ending in 4242');
    expect(within(first).getByText('$123.45')).toBeInTheDocument();
    expect(within(first).getByText('•••• 4242')).toBeInTheDocument();
    expect(badgeIn(first, 'Active')).toContain('green');

    expect(second).toHaveAttribute('href', `/cards/${frozen._id}`);
    expect(badgeIn(second, 'Frozen')).toContain('red');

    expect(within(third).getByText('Number coming…')).toBeInTheDocument();
    expect(badgeIn(third, 'Being created')).toContain('yellow');

    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create New Card/ })).not.toBeInTheDocument();
  });

  it('says money is in progress on a tile while a load is on its way', async () => {
    renderPanel([makeCard({ pendingOperations: [makeOperation({ kind: 'fund', amount: 2000 })] })]);
    const tile = await screen.findByRole('link');
    expect(within(tile).getByText('In progress')).toBeInTheDocument();
  });

  it('opens the card form from the dashed Create New Card tile when a card can be created', async () => {
    const onCreateCard = renderPanel([]);
    const tile = await screen.findByRole('button', { name: /Create New Card/ });
    expect(screen.getByText(/You have no cards yet/)).toBeInTheDocument();
    expect(tile).toHaveAccessibleDescription('A virtual USD card for $15.00');
    await userEvent.setup().click(tile);
    expect(onCreateCard).toHaveBeenCalledOnce();
  });

  it('switches the Create New Card tile off and says why when the rules do not allow a card', async () => {
    const onCreateCard = renderPanel([makeCard()], makeUser({ cardholderId: 'ch_1', balance: 1500 }));
    const tile = await screen.findByRole('button', { name: /Create New Card/ });
    expect(tile).toBeDisabled();
    expect(tile).toHaveAccessibleDescription('Add money first: a card needs more than $15.00');
    expect(onCreateCard).not.toHaveBeenCalled();
  });

  it('offers a retry when the cards fail to load', async () => {
    renderPanel('error');
    expect(await screen.findByText('Failed to load. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
