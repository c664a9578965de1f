import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeReview, makeReviewsPage } from '../../../test/admin';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { LocationProbe, renderWithProviders } from '../../../test/render';
import { ReviewQueue } from './review-queue';

const DAVE = { _id: '0190f5a2-7c1e-7b3a-9a4e-00000000c001', email: 'dave@example.com' };
const OPEN_URL = '/api/admin/reviews?status=open&page=1&pageSize=10';
const RESOLVED_URL = '/api/admin/reviews?status=resolved&page=1&pageSize=10';

const held = makeReview({ user: DAVE });
const divergence = makeReview({
  kind: 'card_balance_divergence',
  subject: { type: 'card', id: '0190f5a2-7c1e-7b3a-9a4e-00000000d001' },
  user: null,
  reason: 'The ledger holds $30.00 on this card; the issuer holds $10.00.',
  details: { ledgerBalance: 3000, issuerBalance: 1000 },
});
const resolved = makeReview({
  kind: 'deposit_final_disagreement',
  reason: 'The provider now reports paid for a top-up that ended EXPIRED.',
  details: { ours: { status: 'EXPIRED', credited: 0 }, provider: { status: 'paid', usdCents: 5000 } },
  resolution: {
    resolvedAt: '2026-03-02T09:30:00.000Z',
    resolvedBy: { _id: '0190f5a2-7c1e-7b3a-9a4e-00000000a001', email: 'admin@coincard.test' },
    note: 'Refunded the payer at the provider.',
  },
});

function renderQueue(route = '/reviews') {
  return renderWithProviders(
    <>
      <ReviewQueue />
      <LocationProbe />
    </>,
    { route },
  );
}

const location = () => screen.getByRole('status', { name: 'Current location' });

const wideMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = wideMatchMedia;
});

describe('ReviewQueue', () => {
  it('lists open reviews with their kind, whose they are, the reason, the amounts and their age', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, makeReviewsPage([held, divergence])));
    renderQueue();

    await screen.findByText(held.reason);
    const table = screen.getByRole('table', { name: 'Open reviews' });
    for (const header of ['Kind', 'Subject', 'Reason', 'Amounts', 'Age', 'Decision']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const [heldRow, cardRow] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(heldRow).getByText('Top-up amount held')).toBeInTheDocument();
    expect(within(heldRow).getByRole('link', { name: DAVE.email })).toHaveAttribute('href', `/users/${DAVE._id}`);
    expect(within(heldRow).getByText(held.subject.id)).toBeInTheDocument();
    expect(within(heldRow).getByText(held.reason)).toBeInTheDocument();
    for (const amount of ['$50.00', '$80.00', '$55.00', '0.00057007 BTC']) {
      expect(within(heldRow).getByText(amount)).toBeInTheDocument();
    }
    expect(within(heldRow).getByText(/ago$/)).toHaveAttribute('datetime', held.createdAt);
    expect(within(cardRow).getByText('Card balance differs from the issuer')).toBeInTheDocument();
    expect(within(cardRow).getByText('No user')).toBeInTheDocument();
    expect(within(cardRow).getByText('$30.00')).toBeInTheDocument();
    expect(screen.getByText('2 open reviews')).toBeInTheDocument();
    expect(callsTo(fetchMock, OPEN_URL)).toBe(1);
  });

  it('shows skeleton rows while loading, then says there is nothing to review', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { container } = renderQueue();
    expect(screen.getByText('Loading reviews…')).toBeInTheDocument();
    expect(container.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(0);
    answer(jsonResponse(200, makeReviewsPage([])));
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the reviews cannot be loaded, and tries again', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { message: 'Something broke.', errorCode: 'InternalError' })
        : jsonResponse(200, makeReviewsPage([held])),
    );
    renderQueue();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The reviews could not be loaded' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(held.reason)).toBeInTheDocument();
  });

  it('switches to resolved reviews and to one kind, in the address and the request', async () => {
    const fetchMock = mockFetch((url) =>
      jsonResponse(200, makeReviewsPage(url.includes('status=resolved') ? [resolved] : [held])),
    );
    renderQueue();
    await screen.findByText(held.reason);
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'Resolved' }));
    const row = (await screen.findByText('Refunded the payer at the provider.')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/admin@coincard\.test/)).toBeInTheDocument();
    expect(within(row).getByText('$50.00')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/reviews?status=resolved');
    expect(callsTo(fetchMock, RESOLVED_URL)).toBe(1);

    await user.click(screen.getByRole('textbox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Card balance differs from the issuer' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/reviews?status=resolved&kind=card_balance_divergence&page=1&pageSize=10'),
      ).toBe(1),
    );
    expect(location()).toHaveTextContent('/reviews?status=resolved&kind=card_balance_divergence');
  });

  it('says when no review of a kind is open, and shows every kind again', async () => {
    mockFetch((url) => jsonResponse(200, makeReviewsPage(url.includes('kind=') ? [] : [held])));
    renderQueue('/reviews?kind=provider_event_unapplied');
    expect(await screen.findByRole('heading', { name: 'No open reviews of this kind' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all kinds' }));
    expect(await screen.findByText(held.reason)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/reviews$/);
  });

  it('resolves a review with a required note, then reads the queue again', async () => {
    let isResolved = false;
    const patches: unknown[] = [];
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'PATCH') {
        patches.push({ url, body: JSON.parse(String(init.body)) });
        isResolved = true;
        return jsonResponse(200, {
          message: 'The review is resolved.',
          review: { ...held, resolution: { resolvedAt: '2026-03-02T09:30:00.000Z', resolvedBy: null, note: 'x' } },
        });
      }
      return jsonResponse(200, makeReviewsPage(isResolved ? [] : [held]));
    });
    renderQueue();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Resolve: Top-up amount held for ${DAVE.email}` }));

    const dialog = await screen.findByRole('dialog', { name: 'Resolve this review' });
    expect(within(dialog).getByText(held.reason)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Write a note saying what you decided.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(patches).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Asked the provider for the rate.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([
      { url: `/api/admin/reviews/${held._id}`, body: { note: 'Asked the provider for the rate.' } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(await screen.findByText('The review is resolved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, OPEN_URL)).toBe(2);
  });

  it("shows the server's refusal beside the note and keeps the dialog open", async () => {
    mockFetch((_url, init) =>
      init?.method === 'PATCH'
        ? jsonResponse(404, { message: 'Review not found.', errorCode: 'NotFound' })
        : jsonResponse(200, makeReviewsPage([held])),
    );
    renderQueue();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Resolve: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this review' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Looked at it.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Review not found.');
    expect(screen.getByRole('dialog', { name: 'Resolve this review' })).toBeInTheDocument();
  });

  it('stacks each review as an item with its Resolve button on a 390px screen', async () => {
    window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') });
    mockFetch(() => jsonResponse(200, makeReviewsPage([held])));
    renderQueue();
    const list = await screen.findByRole('list', { name: 'Open reviews' });
    const [item] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(within(item).getByText('Top-up amount held')).toBeInTheDocument();
    expect(within(item).getByText(held.reason)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /^Resolve: / })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
