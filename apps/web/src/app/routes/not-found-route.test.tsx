import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { AppRoutes } from '../router';

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('a path no route names', () => {
  it('tells a signed-in person the page is not there, in their own shell, with the way back to the dashboard', async () => {
    mockFetch((url) =>
      url === '/api/user'
        ? jsonResponse(200, makeUser({ email: 'alice@example.com' }))
        : jsonResponse(404, { message: 'Not found.', errorCode: 'NotFound' }),
    );
    renderAt('/cardz/1234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    // The address stays what was typed: the page says what is missing.
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/cardz/1234');
    expect(screen.getByText('/cardz/1234', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/You are still signed in\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Account menu for alice' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign In|Get Started/i })).not.toBeInTheDocument();
    expect(document.title).toBe('Page not found · CoinCard');
  });

  it('offers a guest the home page and signing in', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('');
    const fetchMock = mockFetch(() =>
      jsonResponse(401, { message: 'Please sign in.', errorCode: 'InvalidAccessToken' }),
    );
    renderAt('/pricing-old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/still signed in/)).not.toBeInTheDocument();
    // A guest is known from the missing session marker: nothing is asked of the API.
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
