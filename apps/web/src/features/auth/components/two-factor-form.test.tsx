import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AuthScreen } from './auth-screen';

const USER_ID = '0190f5a2-7c1e-7b3a-9a4e-2f1d3c4b5a69';

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<AuthScreen tab="login" />} />
      <Route path="*" element={<h1>Signed in</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

async function signIn(methods: string[]) {
  const fetchMock = mockFetch((url) => {
    if (url === '/api/auth/login')
      return jsonResponse(200, {
        isTwoFactorRequired: true,
        userId: USER_ID,
        message: 'Code.',
        twoFactorMethods: methods,
      });
    if (url === '/api/auth/2fa/verify') return jsonResponse(200, { message: 'Signed in.' });
    if (url === '/api/auth/2fa/email') return jsonResponse(200, { message: 'We sent a 6-digit code to your e-mail.' });
    return jsonResponse(200, makeUser());
  });
  renderLogin();
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Enter 2F Verification Code' });
  return { user, fetchMock };
}

const verifyBody = (fetchMock: ReturnType<typeof mockFetch>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/auth/2fa/verify')?.[1]?.body));

describe('the 2FA step with an authenticator app', () => {
  it('asks for the authenticator code and offers no e-mail code when e-mail codes are off', async () => {
    const { user, fetchMock } = await signIn(['totp']);
    expect(screen.getByText(/Open your authenticator app/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me an e-mail code instead' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('textbox', { name: /Digit/ })[0]!);
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(verifyBody(fetchMock)).toEqual({ code: '654321', userId: USER_ID });
  });

  it('takes a recovery code instead, enabling Verify only for a well-formed one', async () => {
    const { user, fetchMock } = await signIn(['totp']);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByRole('textbox', { name: 'Recovery code' });
    const verify = screen.getByRole('button', { name: 'Verify' });
    await user.type(input, 'abcde-fgh');
    expect(verify).toBeDisabled();
    await user.type(input, 'jk');
    expect(verify).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(verifyBody(fetchMock)).toEqual({ code: 'abcde-fghjk', userId: USER_ID });
  });

  it('mails a code on request when e-mail codes are on too, then asks for that code', async () => {
    const { user, fetchMock } = await signIn(['totp', 'email']);
    await user.click(screen.getByRole('button', { name: 'Send me an e-mail code instead' }));
    expect(await screen.findByText(/We e-mailed a 6-digit code to alice@example.com/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/2fa/email')).toBe(1);
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeInTheDocument();
  });

  it('keeps the mailed-code screen for a server that names no methods', async () => {
    await signIn(undefined as unknown as string[]);
    expect(screen.getByText(/We e-mailed a 6-digit code/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
  });
});
