import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { makeUser, makeUsersPage } from '../../../test/users';
import { AdminUsers } from './admin-users';

const alice = makeUser({ _id: '0190f5a2-7c1e-7b3a-9a4e-000000000001', email: 'alice@example.com' });
const bob = makeUser({
  _id: '0190f5a2-7c1e-7b3a-9a4e-000000000002',
  email: 'bob@example.com',
  role: 'admin',
  verified: false,
  isSuspended: true,
});

function renderUsers(route = '/users') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/users"
        element={
          <>
            <AdminUsers />
            <LocationProbe />
          </>
        }
      />
      <Route path="/users/:id" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

const location = () => screen.getByRole('status', { name: 'Current location' });

describe('AdminUsers', () => {
  it('lists users with role, verification and status, and View Details opens /users/{id}', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, makeUsersPage([alice, bob])));
    renderUsers();

    await screen.findByText('alice@example.com');
    const table = screen.getByRole('table');
    for (const header of ['E-mail', 'Role', 'Verified', 'Status', 'Created', 'Updated']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const [aliceRow, bobRow] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(aliceRow).getByText('alice@example.com')).toBeInTheDocument();
    for (const label of ['User', 'Verified', 'Active']) expect(within(aliceRow).getByText(label)).toBeInTheDocument();
    for (const label of ['Admin', 'Not verified', 'Suspended'])
      expect(within(bobRow).getByText(label)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/user/all?page=1&pageSize=10')).toBe(1);

    const link = within(bobRow).getByRole('link', { name: 'View Details for bob@example.com' });
    expect(link).toHaveAttribute('href', `/users/${bob._id}`);
    await userEvent.setup().click(link);
    expect(location()).toHaveTextContent(`/users/${bob._id}`);
  });

  it('opens the details from a click on the row, or Enter on a focused row', async () => {
    mockFetch(() => jsonResponse(200, makeUsersPage([alice, bob])));
    const user = userEvent.setup();
    const { unmount } = renderUsers();
    await user.click(await screen.findByText('alice@example.com'));
    expect(location()).toHaveTextContent(`/users/${alice._id}`);
    unmount();

    renderUsers();
    const row = (await screen.findByText('bob@example.com')).closest('tr') as HTMLElement;
    row.focus();
    await user.keyboard('{Enter}');
    expect(location()).toHaveTextContent(`/users/${bob._id}`);
  });

  it('searches after a pause in typing, from page 1, and keeps the term in the address', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return jsonResponse(200, makeUsersPage([alice], { page, total: 25, pages: 3 }));
    });
    renderUsers('/users?page=2');
    await screen.findByText('alice@example.com');
    expect(callsTo(fetchMock, '/api/user/all?page=2&pageSize=10')).toBe(1);

    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search users' }), 'ali');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search='))).toBe(false);
    await waitFor(() => expect(callsTo(fetchMock, '/api/user/all?page=1&pageSize=10&search=ali')).toBe(1));
    expect(location()).toHaveTextContent('/users?search=ali');
    // One request for the whole word, none per keystroke.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('search='))).toHaveLength(1);
  });

  it('restores the search and page from the address, and requests page 2 from the pagination', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      const user = makeUser({ _id: `0190f5a2-7c1e-7b3a-9a4e-00000000010${page}`, email: `page${page}@example.com` });
      return jsonResponse(200, makeUsersPage([user], { page, total: 25, pages: 3 }));
    });
    renderUsers('/users?search=example');
    expect(await screen.findByText('page1@example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search users' })).toHaveValue('example');
    expect(screen.getByText('Showing 1–10 of 25')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('page2@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/user/all?page=2&pageSize=10&search=example')).toBe(1);
    expect(location()).toHaveTextContent('/users?search=example&page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when no user matches the search, and clears it', async () => {
    const fetchMock = mockFetch((url) => jsonResponse(200, makeUsersPage(url.includes('search=') ? [] : [alice, bob])));
    renderUsers('/users?search=nobody');
    expect(await screen.findByRole('heading', { name: 'No users match “nobody”' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // The box's own clear button and the empty state's one do the same.
    const clearButtons = screen.getAllByRole('button', { name: 'Clear search' });
    expect(clearButtons).toHaveLength(2);
    await userEvent.setup().click(clearButtons[1] as HTMLElement);
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search users' })).toHaveValue('');
    expect(callsTo(fetchMock, '/api/user/all?page=1&pageSize=10')).toBe(1);
    expect(location()).toHaveTextContent(/^\/users$/);
  });

  it('offers a retry when the list fails to load', async () => {
    let isDown = true;
    mockFetch(() =>
      isDown
        ? jsonResponse(500, { message: 'Internal error', errorCode: 'InternalError' })
        : jsonResponse(200, makeUsersPage([alice])),
    );
    renderUsers();
    expect(await screen.findByText('Failed to load. Please try again.')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading, and a stacked list instead of a table below 768px', async () => {
    const wideMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') });
    try {
      mockFetch(() => jsonResponse(200, makeUsersPage([alice])));
      renderUsers();
      expect(screen.getByRole('region', { name: 'All users' })).toHaveAttribute('aria-busy', 'true');
      const list = await screen.findByRole('list');
      expect(within(list).getByRole('link', { name: 'alice@example.com' })).toHaveAttribute(
        'href',
        `/users/${alice._id}`,
      );
      expect(within(list).getByText('Active')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = wideMatchMedia;
    }
  });
});
