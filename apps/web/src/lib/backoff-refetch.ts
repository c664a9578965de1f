import { type FetchStatus, focusManager } from '@tanstack/react-query';

/**
 * Waits between polls: 4 s, then doubling, never more than 15 s apart. A minute's cap made a payment that landed just
 * after a poll wait up to a minute on screen (and outlast the end-to-end tests' waits on a loaded machine); a poll every
 * 15 s for the hour an abandoned invoice lives is about 240 light reads, and only while its tab is shown.
 */
export type Backoff = { firstMs: number; maxMs: number };
export const PENDING_PAYMENT_BACKOFF: Backoff = { firstMs: 4000, maxMs: 15_000 };

/** The wait before poll number `step` (0 first). */
export function backoffDelay(step: number, { firstMs, maxMs }: Backoff): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, step));
}

// Each return to the tab or window starts the waits again from the shortest: the person is looking (maybe back from
// paying). So does leaving the Add Funds payment step (restartBackoffs).
let visibleSince = 0;
focusManager.subscribe((isVisible) => {
  if (isVisible) visibleSince += 1;
});

/** Polls start again from the shortest wait, as on a return to the tab: the person just came back to the page. */
export function restartBackoffs(): void {
  visibleSince += 1;
}

type Mark = { watching: string; visibleSince: number; firstCount: number };
/** The part of a TanStack query the interval reads. */
type PolledQuery<TData> = { state: { data: TData | undefined; dataUpdateCount: number; fetchStatus: FetchStatus } };
const marks = new WeakMap<object, Mark>();

/**
 * A `refetchInterval` that polls while `watch` names something still on its way (a pending invoice's id), backing off
 * the longer nothing changes, so an abandoned invoice does not poll every few seconds for its whole hour. The count of
 * successful fetches since the watched thing or the tab's visibility last changed sets the wait. Polls skip a hidden
 * tab (TanStack Query's `refetchIntervalInBackground` is off); the query's `refetchOnWindowFocus` refetches at once on
 * return.
 */
export function backoffRefetchInterval<TData>(
  watch: (data: TData | undefined) => string | null,
  backoff: Backoff = PENDING_PAYMENT_BACKOFF,
) {
  return (query: PolledQuery<TData>): number | false => {
    const watching = watch(query.state.data);
    if (watching === null) {
      marks.delete(query);
      return false;
    }
    const count = query.state.dataUpdateCount;
    let mark = marks.get(query);
    if (!mark || mark.watching !== watching || mark.visibleSince !== visibleSince) {
      // A fetch already running (the one a return to the tab starts) counts as the fresh start's first.
      const firstCount = query.state.fetchStatus === 'fetching' ? count + 1 : count;
      mark = { watching, visibleSince, firstCount };
      marks.set(query, mark);
    }
    return backoffDelay(count - mark.firstCount, backoff);
  };
}
