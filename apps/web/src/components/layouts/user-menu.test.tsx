import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthGuard } from '../../app/guards/auth-guard';
import { GuestGuard } from '../../app/guards/guest-guard';
import { currentUserQueryKey } from '../../lib/current-user-key';
import { notifyError, notifySuccess } from '../../lib/notify';
import { createQueryClient } from '../../lib/query-client';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { UserLayout } from './user-layout';

function renderSignedIn() {
  const queryClient = createQueryClient();
  const user = makeUser({ email: 'alice@example.com' });
  queryClient.setQueryData(currentUserQueryKey, user);
  renderWithProviders(
    <>
      <Routes>
        <Route element={<AuthGuard roles={['user']} />}>
          <Route path="/profile-settings" element={<UserLayout user={user}>Settings page</UserLayout>} />
        </Route>
        <Route element={<GuestGuard />}>
          <Route path="/login" element={<h1>Login page</h1>} />
        </Route>
      </Routes>
      <LocationProbe />
    </>,
    { route: '/profile-settings', queryClient },
  );
  return queryClient;
}

async function logout() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Account menu for alice' }));
  expect(await screen.findByRole('menuitem', { name: 'Profile Settings' })).toBeInTheDocument();
  await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
}

describe('UserMenu', () => {
  it('shows the initial and the name part of the e-mail', () => {
    renderSignedIn();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('alice')).toBeInTheDocument();
  });

  it('links to the Terms of Service and the Privacy Policy', async () => {
    const user = userEvent.setup();
    renderSignedIn();
    await user.click(screen.getByRole('button', { name: 'Account menu for alice' }));
    expect(await screen.findByRole('menuitem', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('menuitem', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('logs out on the server, forgets the user and goes to plain /login', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'Signed out.' }));
    const queryClient = renderSignedIn();
    await logout();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(/^\/login$/);
    expect(callsTo(fetchMock, '/api/auth/logout')).toBe(1);
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it("takes the user's toasts down, the waiting ones too, so the sign-in screen shows none of them", async () => {
    mockFetch(() => jsonResponse(200, { message: 'Signed out.' }));
    renderSignedIn();
    act(() => {
      notifySuccess('Card frozen.');
      notifySuccess('3DS code changed.');
      notifyError(new Error('x'), 'The card could not be loaded.');
    });
    expect(await screen.findByText('Card frozen.')).toBeInTheDocument();
    await logout();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Card frozen.')).not.toBeInTheDocument());
    expect(screen.queryByText('3DS code changed.')).not.toBeInTheDocument();
    expect(screen.queryByText('The card could not be loaded.')).not.toBeInTheDocument();
  });

  it('still signs out locally when the server call fails, and only logs a warning', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSignedIn();
    await logout();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.objectContaining({ errorCode: 'NetworkError' }));
  });
});

describe('a session that ends mid-use', () => {
  it('forgets the user so the guard sends the visitor to /login with the page as redirectUrl', async () => {
    mockFetch((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse(401, { message: 'Please sign in again.', errorCode: 'InvalidRefreshToken' })
        : jsonResponse(401, { message: 'Please sign in.', errorCode: 'InvalidAccessToken' }),
    );
    const queryClient = renderSignedIn();
    await queryClient
      .fetchQuery({
        queryKey: ['cards'],
        queryFn: () => import('../../lib/api-client').then(({ api }) => api.get('/cards')),
      })
      .catch(() => {});
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      '/login?redirectUrl=%2Fprofile-settings',
    );
  });
});
