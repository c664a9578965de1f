import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { fieldError, profileApi } from '../../../test/profile';
import { renderWithProviders } from '../../../test/render';
import { PasswordSection } from './password-section';

const NEW = 'Another-Sturdy-42';
const changed = () => jsonResponse(200, { message: 'Your password has been changed.' });

async function fill(user: ReturnType<typeof userEvent.setup>, code?: string) {
  await user.click(screen.getByLabelText(/^Current password/, { selector: 'input' }));
  await user.paste('Sturdy-Pass-42');
  if (code) {
    await user.click(await screen.findByRole('textbox', { name: /Security code/ }));
    await user.paste(code);
  }
  await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), NEW);
  await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), NEW);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('Password section step-up', () => {
  it('has no code field without a second factor and sends the password alone', async () => {
    const { bodies } = profileApi({}, { '/api/user/update/password': changed });
    const user = userEvent.setup();
    renderWithProviders(<PasswordSection />);
    await fill(user);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Security code/ })).not.toBeInTheDocument();
    expect(bodies['/api/user/update/password']).toEqual([{ currentPassword: 'Sturdy-Pass-42', newPassword: NEW }]);
  });

  it('sends the current password and the code when two-factor is on', async () => {
    const { bodies } = profileApi({ email: true }, { '/api/user/update/password': changed });
    const user = userEvent.setup();
    renderWithProviders(<PasswordSection />);
    await fill(user, '654321');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodies['/api/user/update/password']).toEqual([
      { currentPassword: 'Sturdy-Pass-42', code: '654321', newPassword: NEW },
    ]);
  });

  it('marks the current password with the server message', async () => {
    profileApi(
      { email: true },
      { '/api/user/update/password': () => fieldError('currentPassword', 'Your current password is incorrect.') },
    );
    const user = userEvent.setup();
    renderWithProviders(<PasswordSection />);
    await fill(user, '654321');
    expect(
      await screen.findByText('Your current password is incorrect.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    const current = screen.getByLabelText(/^Current password/, { selector: 'input' });
    expect(current).toHaveAccessibleDescription('Your current password is incorrect.');
    // The field says it, and focus is on it: no red "Something went wrong" toast on top.
    expect(current).toHaveFocus();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();

    await user.type(current, 'x');
    expect(current).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('marks the new password when the server refuses it (the same as the current one)', async () => {
    const message = 'The new password must differ from the current one.';
    profileApi(
      {},
      {
        '/api/user/update/password': () =>
          jsonResponse(400, { message, errorCode: 'ValidationError', fields: { newPassword: message } }),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<PasswordSection />);
    await fill(user);
    expect(await screen.findByText(message, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/, { selector: 'input' })).toHaveFocus();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('keeps the toast for a refusal that names no field (too many tries)', async () => {
    profileApi(
      {},
      {
        '/api/user/update/password': () =>
          jsonResponse(429, { message: 'Too many attempts. Try again in 15 minutes.', errorCode: 'TooManyRequests' }),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<PasswordSection />);
    await fill(user);
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });
});
