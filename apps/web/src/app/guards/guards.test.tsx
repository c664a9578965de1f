import type { User } from '@coincard/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../lib/current-user-key';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { AuthGuard } from './auth-guard';
import { GuestGuard } from './guest-guard';

function renderGuarded(route: string, user?: User | null) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
  return renderWithProviders(
    <>
      <Routes>
        <Route element={<AuthGuard roles={['user']} />}>
          <Route path="/profile-settings" element={<h1>Profile page</h1>} />
        </Route>
        <Route element={<AuthGuard roles={['admin']} />}>
          <Route path="/users" element={<h1>Users page</h1>} />
        </Route>
        <Route element={<GuestGuard />}>
          <Route path="/login" element={<h1>Login page</h1>} />
        </Route>
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, queryClient },
  );
}

const location = () => screen.getByRole('status', { name: 'Current location' });

describe('AuthGuard', () => {
  it('shows a spinner while the current user loads', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderGuarded('/profile-settings');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile page' })).not.toBeInTheDocument();
  });

  it('sends a visitor without a session to /login with the current path and query as redirectUrl', async () => {
    mockFetch((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse(401, { message: 'Please sign in.', errorCode: 'InvalidRefreshToken' })
        : jsonResponse(401, { message: 'Please sign in.', errorCode: 'InvalidAccessToken' }),
    );
    renderGuarded('/profile-settings?tab=password');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/login?redirectUrl=${encodeURIComponent('/profile-settings?tab=password')}`);
  });

  it('sends the visitor to /login when loading the user fails', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Internal error.', errorCode: 'InternalError' }));
    renderGuarded('/profile-settings');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login?redirectUrl=%2Fprofile-settings');
  });

  it('shows the page to a user with an allowed role', () => {
    renderGuarded('/profile-settings', makeUser());
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
  });

  it('sends a user whose role is not allowed to /dashboard', () => {
    renderGuarded('/users', makeUser({ role: 'user' }));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/dashboard');
  });
});

describe('GuestGuard', () => {
  it('sends a signed-in user to /dashboard', () => {
    renderGuarded('/login', makeUser());
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('follows a safe redirectUrl for a signed-in user, and ignores an off-site one', () => {
    const first = renderGuarded('/login?redirectUrl=%2Fusers', makeUser({ role: 'admin' }));
    expect(screen.getByRole('heading', { name: 'Users page' })).toBeInTheDocument();
    first.unmount();
    renderGuarded('/login?redirectUrl=%2F%2Fevil.example', makeUser());
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('shows the page to a visitor without a session', () => {
    renderGuarded('/login', null);
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});
