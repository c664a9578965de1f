import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AuthScreen } from './auth-screen';

const USER_ID = '0190f5a2-7c1e-7b3a-9a4e-2f1d3c4b5a69';

function renderLogin(route = '/login') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<AuthScreen tab="login" />} />
        <Route path="*" element={<h1>Signed in</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('Login on the auth screen', () => {
  it('keeps Sign in disabled until both e-mail and password are filled', async () => {
    const user = userEvent.setup();
    renderLogin();
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'x');
    expect(submit).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password/forgot');
  });

  it('goes to a safe redirectUrl after signing in', async () => {
    mockFetch((url) =>
      url === '/api/auth/login'
        ? jsonResponse(200, { isTwoFactorRequired: false, userId: USER_ID, message: 'Signed in.' })
        : jsonResponse(200, makeUser()),
    );
    renderLogin('/login?redirectUrl=%2Fprofile-settings');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/profile-settings');
  });

  it('shows the server message, or the fallback, when login fails', async () => {
    mockFetch(() => jsonResponse(401, { message: 'Wrong e-mail or password.', errorCode: 'InvalidCredentials' }));
    const first = renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    first.unmount();
    mockFetch(() => new Response(null, { status: 500 }));
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while login.');
  });

  it('asks for the e-mailed code when two-factor is required, and verifies it with the user id', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/login')
        return jsonResponse(200, { isTwoFactorRequired: true, userId: USER_ID, message: 'Code sent.' });
      if (url === '/api/auth/2fa/verify') return jsonResponse(200, { message: 'Signed in.' });
      return jsonResponse(200, makeUser());
    });
    renderLogin();
    const user = await signIn();
    expect(await screen.findByRole('heading', { name: 'Enter 2FA Verification Code' })).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.click(screen.getAllByRole('textbox', { name: /Digit/ })[0]!);
    await user.keyboard('12345');
    expect(verify).toBeDisabled();
    await user.keyboard('6');
    await user.click(verify);
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    const verifyCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/2fa/verify');
    expect(JSON.parse(String(verifyCall?.[1]?.body))).toEqual({ code: '123456', userId: USER_ID });
  });
});
