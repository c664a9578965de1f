import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { BalancePanel } from './balance-panel';

const renderPanel = (user = makeUser(), cardCount = 0) =>
  renderWithProviders(<BalancePanel user={user} cardCount={cardCount} onAddMoney={vi.fn()} />);

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

  it('shows Create Card switched off, and says so, when every rule passes but cards have not shipped', () => {
    renderPanel(makeUser({ cardholderId: 'ch_1', balance: 1501 }), 2);
    const createCard = screen.getByRole('button', { name: 'Create Card' });
    expect(createCard).toBeDisabled();
    expect(createCard).toHaveAccessibleDescription('Card creation opens soon.');
  });
});
