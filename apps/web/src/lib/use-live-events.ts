import type { LiveEvent } from '@coincard/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { alertsQueryKeyRoot } from '../features/alerts/api/alerts-query-keys';
import { depositQueryKeyRoot } from '../features/deposits/api/deposit-query-keys';
import { depositsQueryKey } from '../features/deposits/api/get-deposits';
import { activityQueryKey } from './activity-query-key';
import { api } from './api-client';
import { cardsQueryKey } from './cards-query-key';
import { currentUserQueryKey } from './current-user-key';
import { isSessionOver } from './query-client';

/** After the server refused the stream (an expired session, too many tabs): 5 s, doubling to a minute. */
const RETRY_FIRST_MS = 5000;
const RETRY_MAX_MS = 60_000;

let connected = false;
const listeners = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

/** Whether the live stream is open: queries that poll only as a fallback poll while it is not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}

const invalidate = (client: QueryClient, keys: ReadonlyArray<readonly unknown[]>) => {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
};

/** What each hint makes stale (docs/product-rules.md, Data freshness). */
function applyEvent(client: QueryClient, event: LiveEvent) {
  if (event.type === 'alert') invalidate(client, [alertsQueryKeyRoot]);
  if (event.type === 'deposit')
    invalidate(client, [depositQueryKeyRoot, depositsQueryKey, activityQueryKey, currentUserQueryKey]);
  if (event.type === 'card') {
    invalidate(client, [
      ['card', event.cardId],
      ['card-transactions', event.cardId],
      cardsQueryKey,
      activityQueryKey,
      currentUserQueryKey,
    ]);
  }
}

/** Everything a missed event could have changed: read again after a reconnection. */
const EVERYTHING_LIVE = [
  alertsQueryKeyRoot,
  depositQueryKeyRoot,
  depositsQueryKey,
  cardsQueryKey,
  ['card'],
  ['card-transactions'],
  activityQueryKey,
  currentUserQueryKey,
] as const;

/**
 * The signed-in user's live stream (GET /api/events, server-sent events): each event invalidates the queries it names,
 * so the bell, Add Funds' payment step and the card page change without waiting for their next poll. The browser
 * reconnects by itself after a network drop; every reconnection refetches what an event missed in between. When the
 * server refuses the stream (the session needs renewing, or too many tabs), a request through the API client renews
 * the session and the stream is opened again after a back-off, unless the session is over (revoked: the server ends
 * the stream of a revoked session at once), which signs the tab out. Polling stays on as the fallback throughout.
 */
export function useLiveEvents(enabled = true) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    let opened = 0;
    let stopped = false;

    const open = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.addEventListener('ready', () => {
        setConnected(true);
        retryMs = RETRY_FIRST_MS;
        opened += 1;
        // The first connection comes with the page's own reads; later ones may have missed something.
        if (opened > 1) invalidate(client, EVERYTHING_LIVE);
      });
      for (const type of ['alert', 'deposit', 'card'] as const) {
        source.addEventListener(type, (message) => {
          try {
            applyEvent(client, JSON.parse((message as MessageEvent<string>).data) as LiveEvent);
          } catch {
            // A hint that cannot be read: the polls and the next reconnection catch up.
          }
        });
      }
      source.addEventListener('error', () => {
        setConnected(false);
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retryTimer = setTimeout(() => {
          // Renews an expired session on the way (api-client), then tries the stream again.
          api.get('/alerts/unread-count').then(
            () => {
              if (!stopped) open();
            },
            (error: unknown) => {
              if (stopped) return;
              // Not even a renewal let it in: the session is over (signed out elsewhere, revoked, expired), and the
              // stream would be refused again and again. Forgetting the user sends them to sign in, as any request
              // that meets an ended session does (query-client.ts), and that leaves this page.
              if (isSessionOver(error)) client.setQueryData(currentUserQueryKey, null);
              else open();
            },
          );
        }, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setConnected(false);
    };
  }, [client, enabled]);
}
