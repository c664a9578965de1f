import type { CardholderStatus } from '@coincard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { BalancePanel } from './balance-panel';

const renderPanel = (
  user = makeUser(),
  cardCount: number | null = 0,
  onCreateCard = vi.fn(),
  verification: CardholderStatus | null = null,
) =>
  renderWithProviders(
    <BalancePanel
      user={user}
      cardCount={cardCount}
      verification={verification}
      onAddMoney={vi.fn()}
      onCreateCard={onCreateCard}
    />,
  );

describe('BalancePanel', () => {
  it('enables Add Money, hides Create Card and leads to the identity check until the user is verified', () => {
    renderPanel(makeUser({ cardholderId: null, balance: 50_000 }), 0, vi.fn(), 'not_started');
    expect(screen.getByRole('button', { name: 'Add Money' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Create Card' })).not.toBeInTheDocument();
    expect(screen.getByText(/Verify your identity to create cards/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/verify');
  });

  it.each([
    ['pending', /is checking your identity/, 'See your identity check'],
    ['rejected', /could not be verified/, 'See why and try again'],
    ['needs_more_information', /needs more information/, 'Send more information'],
  ] as const)('says where a %s identity check stands and links to it', (status, reason, link) => {
    renderPanel(makeUser({ cardholderId: null, balance: 50_000 }), 0, vi.fn(), status);
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/verify');
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
