import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry, makeAuditPage } from '../../../test/admin';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { fromLocalInput, toLocalInput } from './audit-filters';
import { AuditLog } from './audit-log';

const ACTOR = { _id: '0190f5a2-7c1e-7b3a-9a4e-00000000a001', email: 'admin@coincard.test' };
const TARGET = { _id: '0190f5a2-7c1e-7b3a-9a4e-00000000b001', email: 'carol@example.com' };

function renderAudit(route = '/audit') {
  return renderWithProviders(
    <>
      <AuditLog />
      <LocationProbe />
    </>,
    { route },
  );
}

const location = () => screen.getByRole('status', { name: 'Current location' });

describe('AuditLog', () => {
  it('lists who did what to whom, from where and when, linking to the users', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(
        200,
        makeAuditPage([
          makeAuditEntry({
            action: 'admin.user_suspended',
            actor: ACTOR,
            target: TARGET,
            ip: '198.51.100.4',
            details: { reason: 'chargebacks', isSuspended: true },
          }),
          makeAuditEntry({ action: 'auth.login_failed', actor: null, target: null, ip: null }),
        ]),
      ),
    );
    renderAudit();

    await screen.findByText('User suspended');
    const table = screen.getByRole('table', { name: 'Audit entries' });
    for (const header of ['When', 'Action', 'Actor', 'Target', 'From', 'Details']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const [suspended, failed] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(suspended).getByText('admin.user_suspended')).toBeInTheDocument();
    expect(within(suspended).getByRole('link', { name: ACTOR.email })).toHaveAttribute('href', `/users/${ACTOR._id}`);
    expect(within(suspended).getByRole('link', { name: TARGET.email })).toHaveAttribute('href', `/users/${TARGET._id}`);
    expect(within(suspended).getByText('198.51.100.4')).toBeInTheDocument();
    expect(within(suspended).getByText('chargebacks')).toBeInTheDocument();
    expect(within(suspended).getByText('true')).toBeInTheDocument();
    expect(within(failed).getByText('Login failed')).toBeInTheDocument();
    expect(within(failed).getByLabelText('No actor recorded')).toBeInTheDocument();
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(failed).getByLabelText('Unknown address')).toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/audit?page=1&pageSize=20')).toBe(1);
  });

  it('turns the filters into query parameters of the address and of the request', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, makeAuditPage([makeAuditEntry()])));
    renderAudit();
    await screen.findByText('Login');
    const user = userEvent.setup();

    const fill = async (name: string, value: string) => {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(value);
    };
    await fill('Action', 'admin.user_suspended');
    await fill('Actor id', ACTOR._id);
    await fill('Target user id', TARGET._id);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01T09:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02T18:30' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const from = fromLocalInput('2026-03-01T09:00', 'from');
    const to = fromLocalInput('2026-03-02T18:30', 'to');
    const expected = new URLSearchParams({
      action: 'admin.user_suspended',
      actorId: ACTOR._id,
      targetUserId: TARGET._id,
      from,
      to,
    });
    await waitFor(() => expect(callsTo(fetchMock, `/api/admin/audit?${expected}&page=1&pageSize=20`)).toBe(1));
    expect(location()).toHaveTextContent(`/audit?${expected}`);
    expect(await screen.findByText('1 entry matching 5 filters')).toBeInTheDocument();
    // The form shows the applied range back in local time.
    expect(screen.getByLabelText('From')).toHaveValue(toLocalInput(from));
  });

  it('reads the filters from the address, and Clear filters removes them', async () => {
    const fetchMock = mockFetch((url) =>
      jsonResponse(200, makeAuditPage(url.includes('targetUserId') ? [] : [makeAuditEntry()])),
    );
    renderAudit(`/audit?targetUserId=${TARGET._id}`);
    expect(await screen.findByRole('heading', { name: 'No entries match these filters' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Target user id' })).toHaveValue(TARGET._id);
    expect(callsTo(fetchMock, `/api/admin/audit?targetUserId=${TARGET._id}&page=1&pageSize=20`)).toBe(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/audit$/);
    expect(screen.getByRole('textbox', { name: 'Target user id' })).toHaveValue('');
  });

  it('refuses an id that is not a full UUID, and an end before the start, without asking the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, makeAuditPage([])));
    renderAudit();
    await screen.findByRole('heading', { name: 'Nothing recorded yet' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Actor id' }), '0190f5a2');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02T10:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(screen.getByText('Enter a full user id (a UUID).')).toBeInTheDocument();
    expect(screen.getByText('The end must be after the start.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(location()).toHaveTextContent(/^\/audit$/);
  });

  it('pages through the entries, and offers a retry when they fail to load', async () => {
    let isDown = true;
    const fetchMock = mockFetch((url) => {
      if (isDown) return jsonResponse(500, { message: 'Internal error', errorCode: 'InternalError' });
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return jsonResponse(
        200,
        makeAuditPage([makeAuditEntry({ action: page === 1 ? 'auth.login' : 'auth.logout' })], {
          page,
          total: 45,
          pages: 3,
        }),
      );
    });
    renderAudit();
    expect(await screen.findByRole('heading', { name: 'The audit log could not be loaded' })).toBeInTheDocument();
    isDown = false;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Login')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Logout')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/audit?page=2&pageSize=20')).toBe(1);
    expect(location()).toHaveTextContent('/audit?page=2');
  });
});
