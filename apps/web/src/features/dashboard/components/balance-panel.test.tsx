import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { BalancePanel } from './balance-panel';

const renderPanel = (user = makeUser(), cardCount: number | null = 0, onCreateCard = vi.fn()) =>
  renderWithProviders(
    <BalancePanel user={user} cardCount={cardCount} onAddMoney={vi.fn()} onCreateCard={onCreateCard} />,
  );

describe('BalancePanel', () => {
  it('enables Add Money and hides Create Card while card issuing is being set up', () => {
    renderPanel(makeUser({ cardholderId: null, balance: 50_000 }));
    expect(screen.getByRole('button', { name: 'Add Money' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.getByText(/Card issuing for your account is being set up/)).toBeInTheDocument();
  });

  it('asks for a $15 deposit at a balance of 1500 cents or less', () => {
    renderPanel(makeUser({ cardholderId: 'ch_1', balance: 1500 }));
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.getByText('You must deposit at least $15 before creating the card')).toBeInTheDocument();
  });

  it('hides Create Card at the maximum of 3 cards', () => {
    renderPanel(makeUser({ cardholderId: 'ch_1', balance: 50_000 }), 3);
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.getByText('You already have the maximum of 3 cards.')).toBeInTheDocument();
  });

  it('shows Create Card when every rule passes, and it opens the card form', async () => {
    const onCreateCard = vi.fn();
    renderPanel(makeUser({ cardholderId: 'ch_1', balance: 1501 }), 2, onCreateCard);
    expect(screen.queryByRole('list', { name: 'Before you can create a card' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Card' }));
    expect(onCreateCard).toHaveBeenCalledOnce();
  });

  it('waits for the card count before offering Create Card', () => {
    renderPanel(makeUser({ cardholderId: 'ch_1', balance: 50_000 }), null);
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Before you can create a card' })).not.toBeInTheDocument();
  });
});
