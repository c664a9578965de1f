/** How long an early answer may wait for the query that asks for it; after that the query asks again. */
const FRESH_FOR_MS = 15_000;

type EarlyRequest = { response: Promise<Response>; startedAt: number };

const started = new Map<string, EarlyRequest>();

/**
 * Starts the reads a signed-in page shows first (`/api` paths), before its code has arrived: on a slow phone the
 * page's code takes several round trips, and its data would otherwise only be asked for after it. Each answer is
 * handed once, to the first API call for the same path (`takeEarlyGet`). main.tsx calls this only for a visitor who
 * may be signed in.
 */
export function startEarlyGets(paths: readonly string[]): void {
  for (const path of paths) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const response = fetch(`/api${path}`, { credentials: 'include', headers: { Accept: 'application/json' } });
    // A failure is the taker's to report; nobody may take it at all.
    response.catch(() => undefined);
    started.set(path, { response, startedAt: Date.now() });
  }
}

/** The early answer for a GET of `path`, once, while it is fresh; undefined when there is none. */
export function takeEarlyGet(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  return Date.now() - early.startedAt <= FRESH_FOR_MS ? early.response : undefined;
}

/** Forgets every early answer not taken yet: after a change (any write), what they read may be out of date. */
export function dropEarlyGets(): void {
  started.clear();
}
