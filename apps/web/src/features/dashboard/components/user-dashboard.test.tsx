import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { UserDashboard } from './user-dashboard';

const dashboardAt = (state: unknown) => ({ pathname: '/dashboard', state });
const slots = {
  cardCount: 0,
  onCreateCard: vi.fn(),
  myCards: <p>Cards slot</p>,
  recentTopUps: <p>Top-ups slot</p>,
};

describe('UserDashboard', () => {
  it('greets by the e-mail name, shows the balance in dollars and opens Add Money', async () => {
    const onAddMoney = vi.fn();
    renderWithProviders(
      <UserDashboard
        user={makeUser({ email: 'alice@example.com', balance: 12_345 })}
        onAddMoney={onAddMoney}
        {...slots}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good (morning|afternoon|evening), alice$/);
    expect(screen.getByText('$123.45')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Money' }));
    expect(onAddMoney).toHaveBeenCalledOnce();
    expect(screen.getByText('Cards slot')).toBeInTheDocument();
    expect(screen.getByText('Top-ups slot')).toBeInTheDocument();
  });

  it('shows the referral outcome once per browser', async () => {
    const state = { referral: { referralAttempted: true, referrerEligible: true } };
    const first = renderWithProviders(<UserDashboard user={makeUser()} onAddMoney={vi.fn()} {...slots} />, {
      route: dashboardAt(state),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Referral Applied' });
    expect(within(dialog).getByText('Reward Pending')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(localStorage.getItem('referralModalShown')).not.toBeNull();
    first.unmount();

    renderWithProviders(<UserDashboard user={makeUser()} onAddMoney={vi.fn()} {...slots} />, {
      route: dashboardAt(state),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('explains a referral that was not applied', async () => {
    const state = { referral: { referralAttempted: true, referrerEligible: false } };
    renderWithProviders(<UserDashboard user={makeUser()} onAddMoney={vi.fn()} {...slots} />, {
      route: dashboardAt(state),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Referral Not Applied' });
    expect(within(dialog).getByText(/not eligible/)).toBeInTheDocument();
    expect(within(dialog).getByText(/invalid or expired/)).toBeInTheDocument();
    expect(within(dialog).getByText(/already used/)).toBeInTheDocument();
  });

  it('shows no referral modal without an attempted referral', () => {
    renderWithProviders(<UserDashboard user={makeUser()} onAddMoney={vi.fn()} {...slots} />, {
      route: dashboardAt(null),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
