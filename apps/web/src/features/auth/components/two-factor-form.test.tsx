import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

async function signIn(
  methods: string[],
  mailAnswer = () => jsonResponse(200, { message: 'We sent a 6-digit code to your e-mail.' }),
) {
  const fetchMock = mockFetch((url) => {
    if (url === '/api/auth/login')
      return jsonResponse(200, {
        isTwoFactorRequired: true,
        userId: USER_ID,
        message: 'Code.',
        twoFactorMethods: methods,
      });
    if (url === '/api/auth/2fa/verify') return jsonResponse(200, { message: 'Signed in.' });
    if (url === '/api/auth/2fa/email') return mailAnswer();
    return jsonResponse(200, makeUser());
  });
  renderLogin();
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Enter 2FA Verification Code' });
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

describe('resending the mailed code', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers Resend code after a 30-second wait, mails a new code and waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fetchMock } = await signIn(['email']);
    const resend = screen.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(resend).toBeDisabled();

    await user.click(screen.getAllByRole('textbox', { name: /Digit/ })[0]!);
    await user.keyboard('111');
    act(() => vi.advanceTimersByTime(31_000));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('A new code is on its way. Only the newest code works.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/2fa/email')).toBe(1);
    const body = fetchMock.mock.calls.find(([url]) => url === '/api/auth/2fa/email')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ userId: USER_ID });
    // The old code no longer works, so what was typed of it is gone.
    expect(screen.getAllByRole('textbox', { name: /Digit/ })[0]).toHaveValue('');
    expect(screen.getAllByRole('textbox', { name: /Digit/ })[0]).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  });

  it('says why when the server refuses, and waits as long as it asks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await signIn(['email'], () =>
      jsonResponse(429, {
        message: 'Too many requests. Try again in 2 minutes.',
        errorCode: 'TooManyRequests',
        retryAfterSeconds: 120,
      }),
    );
    act(() => vi.advanceTimersByTime(31_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many requests. Try again in 2 minutes.')).toBeInTheDocument();
    const waiting = screen.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(Number(waiting.textContent?.match(/\d+/)?.[0])).toBeGreaterThan(100);
  });
});
