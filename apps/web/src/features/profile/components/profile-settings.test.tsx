import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileApi } from '../../../test/profile';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { ProfileSettings } from './profile-settings';

const KEEP = /Administrators always keep a second factor/;

describe('Profile Settings', () => {
  it('gives an administrator their password, e-mail and second factors, and nothing about cards or referrals', async () => {
    profileApi({ email: true }, {});
    renderWithProviders(<ProfileSettings user={makeUser({ role: 'admin', isTwoFactorEnabled: true })} />);
    for (const name of [
      'Email',
      'Password',
      'Two-Factor Authentication',
      'Authenticator app',
      'Passkeys',
      'Where you are signed in',
    ]) {
      expect(screen.getByRole('heading', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    expect(screen.queryByText(/card/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/referral/i)).not.toBeInTheDocument();
  });

  it('does not offer an administrator to turn off e-mail codes, their only second factor, and says why', async () => {
    profileApi({ email: true }, {});
    renderWithProviders(<ProfileSettings user={makeUser({ role: 'admin', isTwoFactorEnabled: true })} />);
    expect(screen.queryByRole('switch', { name: 'Require an e-mailed code at sign-in' })).not.toBeInTheDocument();
    expect(screen.getByText('An e-mailed code is required at every sign-in.')).toBeInTheDocument();
    expect(screen.getByText(KEEP)).toBeInTheDocument();
  });

  it('lets an administrator with the authenticator on turn e-mail codes off, but not the app', async () => {
    profileApi({ email: false, app: true }, {});
    renderWithProviders(<ProfileSettings user={makeUser({ role: 'admin', isTwoFactorEnabled: false })} />);
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(screen.getByText(/To turn the app off, turn on e-mail codes or add a passkey first/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Require an e-mailed code at sign-in' })).toBeEnabled();
  });

  it('leaves a user free to turn either factor off', async () => {
    profileApi({ email: true, app: true }, {});
    renderWithProviders(<ProfileSettings user={makeUser({ role: 'user', isTwoFactorEnabled: true })} />);
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Require an e-mailed code at sign-in' })).toBeEnabled();
    expect(screen.queryByText(KEEP)).not.toBeInTheDocument();
  });
});
