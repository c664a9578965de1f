import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdminCardholder } from '../../../test/cardholder';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { UserVerification } from './user-verification';

const USER_ID = '0190f5a2-7c1e-7b3a-9a4e-2f1d3c4b5a69';
const ADMIN = { _id: '0190f5a2-0000-7b3a-9a4e-2f1d3c4b5a00', email: 'root@example.com' };

const history = makeAdminCardholder({
  status: 'approved',
  attemptsLeft: 3,
  submittedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-20T10:05:00.000Z',
  history: [
    { _id: 'b:decided', event: 'approved', at: '2026-11-20T10:05:00.000Z', reason: null, actor: null, details: null },
    {
      _id: 'b:submitted',
      event: 'submitted',
      at: '2026-11-20T10:00:00.000Z',
      reason: null,
      actor: { _id: USER_ID, email: 'carol@example.com' },
      details: { firstName: 'Carol', lastName: 'Danvers', country: 'US', idType: 'passport' },
    },
    {
      _id: 'a:decided',
      event: 'rejected',
      at: '2026-11-19T09:05:00.000Z',
      reason: 'The ID number does not match',
      actor: null,
      details: null,
    },
  ],
});

describe('A user’s identity verification, for an admin', () => {
  it('shows the status, the dates, the reasons and each step', async () => {
    mockFetch(() => jsonResponse(200, history));
    renderWithProviders(<UserVerification userId={USER_ID} />);
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(/3 attempts left/)).toBeInTheDocument();
    const timeline = screen.getByLabelText('Verification history, newest first');
    expect(within(timeline).getByText('Approved by the issuer')).toBeInTheDocument();
    expect(within(timeline).getByText(/Carol Danvers, living in United States, passport/)).toBeInTheDocument();
    expect(within(timeline).getByText('“The ID number does not match”')).toBeInTheDocument();
  });

  it('asks the user to verify again with a reason, refusing one too short to help them', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return jsonResponse(
          200,
          makeAdminCardholder({
            status: 'needs_more_information',
            reason: 'Please send your passport again.',
            history: [
              {
                _id: 'r',
                event: 'reverify_requested',
                at: '2026-11-25T10:00:00.000Z',
                reason: 'Please send your passport again.',
                actor: ADMIN,
                details: null,
              },
            ],
          }),
        );
      }
      return jsonResponse(200, history);
    });
    renderWithProviders(<UserVerification userId={USER_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Ask to verify again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to verify again?' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason, shown to the user/ });
    await user.type(reason, 'redo');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to verify again' }));
    expect(reason).toHaveAccessibleDescription(/10 characters at least/);
    expect(sent).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'Please send your passport again.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to verify again' }));
    expect(sent).toEqual([
      {
        url: `/api/admin/users/${USER_ID}/cardholder/reverify`,
        body: { reason: 'Please send your passport again.' },
      },
    ]);
  });

  it('offers nothing to redo for a user who never verified', async () => {
    mockFetch(() => jsonResponse(200, makeAdminCardholder()));
    renderWithProviders(<UserVerification userId={USER_ID} />);
    expect(await screen.findByText('Not started')).toBeInTheDocument();
    expect(screen.getByText('No submission yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to verify again' })).not.toBeInTheDocument();
  });
});
