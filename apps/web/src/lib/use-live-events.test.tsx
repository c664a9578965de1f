import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { currentUserQueryKey } from './current-user-key';
import { createQueryClient } from './query-client';
import { useLiveConnected, useLiveEvents } from './use-live-events';

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private readonly handlers = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  emit(type: string, data: unknown = {}) {
    for (const handler of this.handlers.get(type) ?? [])
      handler(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeEventSource.opened = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setUp() {
  vi.stubGlobal('EventSource', FakeEventSource);
  const client = createQueryClient();
  const invalidated: string[] = [];
  const original = client.invalidateQueries.bind(client);
  client.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
    return original(filters);
  }) as typeof client.invalidateQueries;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useLiveEvents();
      return useLiveConnected();
    },
    { wrapper },
  );
  return { hook, invalidated, client };
}

/** The server closes the first stream and refuses its reconnection; the hook's first retry (5 s) then runs. */
async function refuseFirstStreamAndWaitForRetry() {
  const first = FakeEventSource.opened[0];
  if (!first) throw new Error('no stream opened');
  first.readyState = FakeEventSource.CLOSED;
  act(() => first.emit('error'));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5000);
  });
}

describe('the live stream in the web app', () => {
  it('makes stale what each event names, and refetches everything after a reconnection', () => {
    const { hook, invalidated } = setUp();
    const source = FakeEventSource.opened[0];
    expect(source?.url).toBe('/api/events');
    act(() => source?.emit('ready'));
    expect(hook.result.current).toBe(true);
    // The first connection comes with the page's own reads.
    expect(invalidated).toEqual([]);

    act(() => source?.emit('deposit', { type: 'deposit', orderId: 'o-1' }));
    expect(invalidated).toEqual(['["deposit"]', '["deposits","own"]', '["activity"]', '["current-user"]']);
    invalidated.length = 0;
    act(() => source?.emit('card', { type: 'card', cardId: 'c-1' }));
    expect(invalidated).toEqual([
      '["card","c-1"]',
      '["card-transactions","c-1"]',
      '["cards"]',
      '["activity"]',
      '["current-user"]',
    ]);
    invalidated.length = 0;
    act(() => source?.emit('alert', { type: 'alert', id: 'a-1', kind: 'card_purchase' }));
    expect(invalidated).toEqual(['["alerts"]']);
    invalidated.length = 0;

    act(() => source?.emit('error'));
    expect(hook.result.current).toBe(false);
    act(() => source?.emit('ready'));
    expect(invalidated).toContain('["alerts"]');
    expect(invalidated).toContain('["card"]');
    expect(invalidated).toContain('["activity"]');
    hook.unmount();
    expect(source?.closed).toBe(true);
  });

  it('after a refusal, renews the session through the API and opens the stream again', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(() => jsonResponse(200, { unread: 0 }));
    setUp();
    await refuseFirstStreamAndWaitForRetry();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/alerts/unread-count');
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('stops, and forgets the user, when its session is over (revoked elsewhere) instead of retrying for ever', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(() =>
      jsonResponse(401, { message: 'Please sign in to continue.', errorCode: 'InvalidAccessToken' }),
    );
    const { client } = setUp();
    client.setQueryData(currentUserQueryKey, { _id: 'u-1' });
    // The server ended the stream of the revoked session, and refused the browser's reconnection.
    await refuseFirstStreamAndWaitForRetry();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/alerts/unread-count');
    expect(urls).toContain('/api/auth/refresh');
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
