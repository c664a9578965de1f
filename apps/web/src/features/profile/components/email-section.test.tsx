import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { fieldError, profileApi } from '../../../test/profile';
import { renderWithProviders } from '../../../test/render';
import { EmailSection } from './email-section';

const sent = () => jsonResponse(200, { message: 'If that address is free, we sent a code to it.' });
const passwordInput = () => screen.getByLabelText(/^Current password/, { selector: 'input' });

describe('Email section step-up', () => {
  it('asks only for the password when no second factor is on', async () => {
    const { bodies } = profileApi({}, { '/api/user/update/email/init': sent });
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('new@example.com');
    await user.click(passwordInput());
    await user.paste('Sturdy-Pass-42');
    expect(screen.queryByRole('textbox', { name: /Security code/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Enter the code we sent to', { exact: false })).toBeInTheDocument();
    expect(bodies['/api/user/update/email/init']).toEqual([
      { newEmail: 'new@example.com', currentPassword: 'Sturdy-Pass-42' },
    ]);
  });

  it('mails a step-up code for e-mail two-factor and sends it with the password', async () => {
    const { bodies } = profileApi({ email: true }, { '/api/user/update/email/init': sent });
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'Send me a code by e-mail' }));
    expect(await screen.findByText('Code sent')).toBeInTheDocument();
    expect(bodies['/api/user/step-up/code']).toHaveLength(1);
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('new@example.com');
    await user.click(passwordInput());
    await user.paste('Sturdy-Pass-42');
    await user.click(screen.getByRole('textbox', { name: /Security code/ }));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Enter the code we sent to', { exact: false })).toBeInTheDocument();
    expect(bodies['/api/user/update/email/init']).toEqual([
      { newEmail: 'new@example.com', currentPassword: 'Sturdy-Pass-42', code: '123456' },
    ]);
  });

  it('marks the code field with the server message', async () => {
    profileApi({ app: true }, { '/api/user/update/email/init': () => fieldError('code', 'Incorrect code.') });
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    const code = await screen.findByRole('textbox', { name: /Security code/ });
    // Authenticator users type the app code: nothing is mailed to them.
    expect(screen.queryByRole('button', { name: 'Send me a code by e-mail' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('new@example.com');
    await user.click(passwordInput());
    await user.paste('Sturdy-Pass-42');
    await user.click(code);
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Incorrect code.', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts an expired mailed code, which names no field, on the code field', async () => {
    const expired = 'This code has expired or was used too many times. Send a new code.';
    profileApi(
      { email: true },
      { '/api/user/update/email/init': () => jsonResponse(400, { message: expired, errorCode: 'InvalidCode' }) },
    );
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    const code = await screen.findByRole('textbox', { name: /Security code/ });
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('new@example.com');
    await user.click(passwordInput());
    await user.paste('Sturdy-Pass-42');
    await user.click(code);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(expired, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a wrong current password on its field, focused, without a toast', async () => {
    profileApi(
      {},
      {
        '/api/user/update/email/init': () => fieldError('currentPassword', 'Your current password is incorrect.'),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('new@example.com');
    await user.click(passwordInput());
    await user.paste('Wrong-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(
      await screen.findByText('Your current password is incorrect.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(passwordInput()).toHaveFocus();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('marks the new address when the server refuses it', async () => {
    const taken = 'That e-mail address cannot be used.';
    profileApi(
      {},
      {
        '/api/user/update/email/init': () =>
          jsonResponse(400, { message: taken, errorCode: 'ValidationError', fields: { newEmail: taken } }),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('ALICE@example.com');
    await user.click(passwordInput());
    await user.paste('Sturdy-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(taken, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New email' })).toHaveFocus();
  });
});

describe('Email section code check', () => {
  /** Sends the code to new@example.com, then types `typed` into the six boxes and presses Verify. */
  async function verifyWith(typed: string) {
    const user = userEvent.setup();
    renderWithProviders(<EmailSection currentEmail="alice@example.com" />);
    await user.click(screen.getByRole('textbox', { name: 'New email' }));
    await user.paste('new@example.com');
    await user.click(passwordInput());
    await user.paste('Sturdy-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste(typed);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    return user;
  }

  it('says a wrong code under the boxes, with the tries left, and empties them for the next try', async () => {
    const wrong = 'Incorrect code. 4 attempts left.';
    profileApi(
      {},
      {
        '/api/user/update/email/init': sent,
        '/api/user/update/email/verify': () =>
          jsonResponse(400, { message: wrong, errorCode: 'InvalidCode', fields: { code: 'Incorrect code.' } }),
      },
    );
    const user = await verifyWith('111111');
    expect(await screen.findByText(wrong, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    expect(first).toHaveValue('');
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    // Typing the next try takes the message away.
    await user.keyboard('2');
    expect(screen.queryByText(wrong)).not.toBeInTheDocument();
  });

  it('says an expired code under the boxes too', async () => {
    const expired = 'This code has expired or was used too many times. Send a new code.';
    profileApi(
      {},
      {
        '/api/user/update/email/init': sent,
        '/api/user/update/email/verify': () => jsonResponse(400, { message: expired, errorCode: 'InvalidCode' }),
      },
    );
    await verifyWith('111111');
    expect(await screen.findByText(expired, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('leaves what is not about the code (too many tries from this address) to a toast', async () => {
    const slowDown = 'Too many attempts. Try again in 5 minutes.';
    profileApi(
      {},
      {
        '/api/user/update/email/init': sent,
        '/api/user/update/email/verify': () =>
          jsonResponse(429, { message: slowDown, errorCode: 'TooManyRequests', retryAfterSeconds: 300 }),
      },
    );
    await verifyWith('111111');
    expect(await screen.findByText(slowDown)).toBeInTheDocument();
    expect(screen.queryByText(slowDown, { selector: '.mantine-InputWrapper-error' })).not.toBeInTheDocument();
  });
});
