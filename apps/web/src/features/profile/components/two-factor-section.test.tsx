import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { fieldError, profileApi } from '../../../test/profile';
import { renderWithProviders } from '../../../test/render';
import { TwoFactorSection } from './two-factor-section';

const toggled = (body: Record<string, unknown>) =>
  jsonResponse(200, {
    message: body.enabled ? 'Two-factor authentication is on.' : 'Two-factor authentication is off.',
    isTwoFactorEnabled: body.enabled,
  });

describe('Two-factor section step-up', () => {
  it('turns on with one click and asks for nothing', async () => {
    const { bodies } = profileApi({}, { '/api/user/2fa': toggled });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection isEnabled={false} />);
    await user.click(screen.getByRole('switch', { name: 'Require an e-mailed code at sign-in' }));
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(bodies['/api/user/2fa']).toEqual([{ enabled: true }]);
    expect(screen.queryByLabelText(/^Current password/, { selector: 'input' })).not.toBeInTheDocument();
  });

  it('turns off only with the password and a mailed code', async () => {
    const { bodies } = profileApi({ email: true }, { '/api/user/2fa': toggled });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection isEnabled />);
    await user.click(screen.getByRole('switch', { name: 'Require an e-mailed code at sign-in' }));
    expect(bodies['/api/user/2fa']).toBeUndefined();
    await user.click(await screen.findByRole('button', { name: 'Send me a code by e-mail' }));
    expect(await screen.findByText('Code sent')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Current password/, { selector: 'input' }));
    await user.paste('Sturdy-Pass-42');
    await user.click(screen.getByRole('textbox', { name: /Security code/ }));
    await user.paste('112233');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(bodies['/api/user/2fa']).toEqual([{ enabled: false, currentPassword: 'Sturdy-Pass-42', code: '112233' }]);
  });

  it('marks the code field with the server message and can be cancelled', async () => {
    profileApi(
      { email: true },
      { '/api/user/2fa': () => fieldError('code', 'Enter the 6-digit code we sent to your e-mail.') },
    );
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection isEnabled />);
    const toggle = screen.getByRole('switch', { name: 'Require an e-mailed code at sign-in' });
    await user.click(toggle);
    await user.click(screen.getByLabelText(/^Current password/, { selector: 'input' }));
    await user.paste('Sturdy-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText('Enter the 6-digit code we sent to your e-mail.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('marks a wrong current password on its field, focused, without a toast', async () => {
    profileApi({}, { '/api/user/2fa': () => fieldError('currentPassword', 'Your current password is incorrect.') });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection isEnabled />);
    await user.click(screen.getByRole('switch', { name: 'Require an e-mailed code at sign-in' }));
    const current = screen.getByLabelText(/^Current password/, { selector: 'input' });
    await user.click(current);
    await user.paste('Wrong-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText('Your current password is incorrect.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(current).toHaveFocus();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
