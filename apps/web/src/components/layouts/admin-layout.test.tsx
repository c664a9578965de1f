import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { AdminLayout } from './admin-layout';

describe('AdminLayout', () => {
  it('offers Dashboard, Users, Transactions, Reviews, Jobs and Audit log, marking the current one', () => {
    renderWithProviders(
      <AdminLayout user={makeUser({ role: 'admin', email: 'admin@coincard.test' })}>Page</AdminLayout>,
      {
        route: '/audit?action=auth.login',
      },
    );
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Users',
      'Transactions',
      'Reviews',
      'Jobs',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/reviews');
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/audit');
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('lets the administrator reach their own Profile Settings from the avatar menu', async () => {
    renderWithProviders(
      <AdminLayout user={makeUser({ role: 'admin', email: 'admin@coincard.test' })}>Page</AdminLayout>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu for admin' }));
    const item = await screen.findByRole('menuitem', { name: 'Profile Settings' });
    expect(item).toHaveAttribute('href', '/profile-settings');
    expect(screen.queryByRole('menuitem', { name: 'Referral Program' })).not.toBeInTheDocument();
  });
});
