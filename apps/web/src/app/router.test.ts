import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCardControls } from '../features/cards/api/card-controls';
import { getCard } from '../features/cards/api/get-card';
import { getCardTransactions } from '../features/cards/api/get-card-transactions';
import { getCards } from '../features/cards/api/get-cards';
import { getActivity } from '../features/statement/api/get-activity';
import { dropEarlyGets } from '../lib/early-requests';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { preloadSignedInPage } from './router';

afterEach(() => dropEarlyGets());

/** The `/api` paths the query functions ask for, so the early reads are the very requests the pages make. */
async function pathsAskedBy(reads: (() => Promise<unknown>)[]): Promise<string[]> {
  const fetchMock = mockFetch(() => jsonResponse(500, {}));
  for (const read of reads) await read().catch(() => undefined);
  return fetchMock.mock.calls.map(([url]) => String(url).replace(/^\/api/, ''));
}

describe('preloadSignedInPage', () => {
  it("names the dashboard's first reads exactly as its queries ask for them", async () => {
    const reads = preloadSignedInPage('/dashboard');
    const asked = await pathsAskedBy([getCards, () => getActivity({ page: 1, pageSize: 5 })]);
    expect(reads).toEqual(expect.arrayContaining(['/user', '/alerts/unread-count', ...asked]));
  });

  it("names a card page's first reads exactly as its queries ask for them", async () => {
    const id = '6a5f0c2e-card';
    const reads = preloadSignedInPage(`/cards/${id}`);
    const asked = await pathsAskedBy([
      () => getCard(id),
      () => getCardTransactions(id, 1),
      () => getCardControls(id),
      getCards,
    ]);
    expect(reads).toEqual(expect.arrayContaining(['/user', ...asked]));
  });

  it('reads only who the visitor is elsewhere', () => {
    vi.stubGlobal('fetch', vi.fn());
    expect(preloadSignedInPage('/')).toEqual(['/user']);
    expect(preloadSignedInPage('/login')).toEqual(['/user']);
  });
});
