import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay, backoffRefetchInterval, PENDING_PAYMENT_BACKOFF, restartBackoffs } from './backoff-refetch';

type Data = { pending: string | null };
type FakeQuery = { state: { data: Data; dataUpdateCount: number; fetchStatus: 'idle' | 'fetching' } };

/** A query that fetched `times` more times with the same answer, and the wait the interval asks for after that. */
function fetched(query: FakeQuery, times = 1, data: Data = query.state.data) {
  query.state = { data, dataUpdateCount: query.state.dataUpdateCount + times, fetchStatus: 'idle' };
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('backoffRefetchInterval', () => {
  const interval = backoffRefetchInterval<Data>((data) => data?.pending ?? null);

  it('waits 4 s, then twice as long each time nothing changed, never more than 15 s', () => {
    const query: FakeQuery = { state: { data: { pending: 'a' }, dataUpdateCount: 1, fetchStatus: 'idle' } };
    const waits: Array<number | false> = [];
    for (let i = 0; i < 7; i += 1) {
      waits.push(interval(query));
      fetched(query);
    }
    expect(waits).toEqual([4000, 8000, 15_000, 15_000, 15_000, 15_000, 15_000]);
  });

  it('stops once nothing is pending, and starts again from 4 s for a new pending invoice', () => {
    const query: FakeQuery = { state: { data: { pending: 'a' }, dataUpdateCount: 1, fetchStatus: 'idle' } };
    interval(query);
    fetched(query, 1);
    expect(interval(query)).toBe(8000);
    fetched(query, 1, { pending: null });
    expect(interval(query)).toBe(false);
    fetched(query, 1, { pending: 'b' });
    expect(interval(query)).toBe(4000);
  });

  it('starts again from 4 s when the tab is shown again, counting the refetch that the return starts', () => {
    const query: FakeQuery = { state: { data: { pending: 'a' }, dataUpdateCount: 1, fetchStatus: 'idle' } };
    interval(query);
    fetched(query, 4);
    expect(interval(query)).toBe(15_000);

    focusManager.setFocused(false);
    focusManager.setFocused(true);
    query.state.fetchStatus = 'fetching';
    interval(query);
    fetched(query);
    expect(interval(query)).toBe(4000);
    fetched(query);
    expect(interval(query)).toBe(8000);
  });
});

describe('restartBackoffs', () => {
  const interval = backoffRefetchInterval<Data>((data) => data?.pending ?? null);

  it('starts the waits again from 4 s, as a return to the tab does', () => {
    const query: FakeQuery = { state: { data: { pending: 'a' }, dataUpdateCount: 1, fetchStatus: 'idle' } };
    interval(query);
    fetched(query, 4);
    expect(interval(query)).toBe(15_000);
    restartBackoffs();
    query.state.fetchStatus = 'fetching';
    interval(query);
    fetched(query);
    expect(interval(query)).toBe(4000);
  });
});

describe('backoffDelay', () => {
  it('doubles from the first wait up to the cap', () => {
    expect([0, 1, 2, 3, 4, 10].map((step) => backoffDelay(step, PENDING_PAYMENT_BACKOFF))).toEqual([
      4000, 8000, 15_000, 15_000, 15_000, 15_000,
    ]);
  });
});
