import type { DeadLetter, QueueStats } from '@coincard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { JobConsole } from './job-console';

const queue = (name: string, figures: Partial<QueueStats> = {}): QueueStats => ({
  queue: name,
  waiting: 0,
  running: 0,
  deadLetters: 0,
  oldestWaitingSeconds: null,
  ...figures,
});

const letter: DeadLetter = {
  _id: '0190f5a2-7c1e-7b3a-9a4e-00000000e001',
  queue: 'card-operation',
  item: '0190f5a2-7c1e-7b3a-9a4e-00000000f001',
  attempts: 13,
  error: 'The card issuer cannot be reached right now.',
  createdAt: '2026-03-01T09:00:00.000Z',
  failedAt: '2026-03-02T09:00:00.000Z',
};

const OVERVIEW = '/api/admin/jobs';
const LETTERS = '/api/admin/jobs/dead-letters?page=1&pageSize=10';
const RETRY = `/api/admin/jobs/dead-letters/${letter._id}/retry`;

describe('JobConsole', () => {
  it("shows each queue's backlog and the dead letters, and retries one after confirming", async () => {
    let retried = false;
    const fetchMock = mockFetch((url, init) => {
      if (url === OVERVIEW) {
        return jsonResponse(200, {
          queues: [
            queue('mail', { waiting: 3, oldestWaitingSeconds: 125 }),
            queue('card-operation', { deadLetters: retried ? 0 : 1, running: 2 }),
          ],
        });
      }
      if (url === LETTERS) {
        const deadLetters = retried ? [] : [letter];
        return jsonResponse(200, { deadLetters, meta: { page: 1, pageSize: 10, total: deadLetters.length, pages: 1 } });
      }
      if (url === RETRY && init?.method === 'POST') {
        retried = true;
        return jsonResponse(200, { message: 'The card-operation job is queued again.' });
      }
      return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
    });
    renderWithProviders(<JobConsole />, { route: '/jobs' });

    const queues = await screen.findByRole('table', { name: 'Queues' });
    const mailRow = (await within(queues).findByText('Mail')).closest('tr') as HTMLElement;
    expect(within(mailRow).getByText('3')).toBeInTheDocument();
    expect(within(mailRow).getByText('2 min')).toBeInTheDocument();
    const cardRow = within(queues).getByText('Card money movements').closest('tr') as HTMLElement;
    expect(within(cardRow).getByText('1')).toBeInTheDocument();

    const letters = await screen.findByRole('table', { name: 'Dead letters' });
    expect(await within(letters).findByText(letter.error ?? '')).toBeInTheDocument();
    expect(within(letters).getByText(letter.item ?? '')).toBeInTheDocument();
    expect(within(letters).getByText('13')).toBeInTheDocument();

    await userEvent.click(within(letters).getByRole('button', { name: /Retry the Card money movements job/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this job?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry the job' }));
    await screen.findByText('The card-operation job is queued again.');
    await waitFor(() => expect(screen.getByText('No dead letters')).toBeInTheDocument());
    expect(callsTo(fetchMock, RETRY)).toBe(1);
  });

  it('says so when nothing failed, and offers a retry when the queues cannot be loaded', async () => {
    mockFetch((url) =>
      url === OVERVIEW
        ? jsonResponse(500, { message: 'Something went wrong on our side.', errorCode: 'InternalError' })
        : jsonResponse(200, { deadLetters: [], meta: { page: 1, pageSize: 10, total: 0, pages: 0 } }),
    );
    renderWithProviders(<JobConsole />, { route: '/jobs' });
    expect(await screen.findByText('No dead letters')).toBeInTheDocument();
    expect(await screen.findByText('The queues could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /try again/i }).length).toBeGreaterThan(0);
  });
});
