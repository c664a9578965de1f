import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AuthScreen } from './auth-screen';

const ANSWER = { id: 'answer', rawId: 'answer', type: 'public-key', response: {}, clientExtensionResults: {} };
const USER_ID = '0190f5a2-7c1e-7b3a-9a4e-2f1d3c4b5a69';

vi.mock('../../../lib/passkeys', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/passkeys')>()),
  passkeysSupported: () => true,
  answerPasskeyPrompt: vi.fn(async () => ANSWER),
}));

afterEach(() => vi.clearAllMocks());

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<AuthScreen tab="login" />} />
      <Route path="*" element={<h1>Signed in</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

function api(overrides: Record<string, () => Response> = {}) {
  const bodies: Record<string, unknown> = {};
  const fetchMock = mockFetch((url, init) => {
    if (init?.body) bodies[url] = JSON.parse(String(init.body));
    const override = overrides[url];
    if (override) return override();
    if (url === '/api/auth/passkey/options' || url === '/api/auth/2fa/passkey/options')
      return jsonResponse(200, { challenge: 'c', allowCredentials: [] });
    if (url === '/api/auth/passkey/login' || url === '/api/auth/2fa/passkey')
      return jsonResponse(200, { message: 'Signed in.' });
    if (url === '/api/auth/login')
      return jsonResponse(200, {
        isTwoFactorRequired: true,
        userId: USER_ID,
        message: 'Confirm with your passkey.',
        twoFactorMethods: ['passkey', 'email'],
      });
    return jsonResponse(200, makeUser());
  });
  return { fetchMock, bodies };
}

describe('signing in with a passkey', () => {
  it('signs in without the password from the login form', async () => {
    const { bodies } = api();
    renderLogin();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(bodies['/api/auth/passkey/login']).toEqual({ credential: ANSWER });
  });

  it('says so in words when the prompt was closed, and keeps the person on the form', async () => {
    const passkeys = await import('../../../lib/passkeys');
    vi.mocked(passkeys.answerPasskeyPrompt).mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    api();
    renderLogin();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey prompt was closed or timed out.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('offers the passkey first at the 2FA step, with the e-mail code as the other way', async () => {
    const { bodies } = api();
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Confirm with your passkey: your browser asks for it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me an e-mail code instead' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(bodies['/api/auth/2fa/passkey']).toEqual({ userId: USER_ID, credential: ANSWER });
  });

  it('shows the server’s refusal at the 2FA step', async () => {
    api({
      '/api/auth/2fa/passkey': () =>
        jsonResponse(400, { message: 'This passkey is not registered to this account.', errorCode: 'InvalidCode' }),
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('This passkey is not registered to this account.')).toBeInTheDocument();
  });
});
