/** How long an early answer may wait for the query that asks for it; after that the query asks again. */
const FRESH_FOR_MS = 15_000;

type EarlyRequest = { response: Promise<Response>; startedAt: number; epoch: string };

const started = new Map<string, EarlyRequest>();

/**
 * Bumped in every tab's shared storage whenever this browser signs in or out (or its session changes): an early
 * answer read under another epoch was read for whoever was signed in before, possibly another person on a shared
 * browser who signed out in another tab, and is never handed out.
 */
const EPOCH_KEY = 'coincard:session-epoch';

function sessionEpoch(): string {
  try {
    return globalThis.localStorage?.getItem(EPOCH_KEY) ?? '0';
  } catch {
    return 'unavailable';
  }
}

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
    started.set(path, { response, startedAt: Date.now(), epoch: sessionEpoch() });
  }
}

/** The early answer for a GET of `path`, once, while it is fresh; undefined when there is none. */
export function takeEarlyGet(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  const fresh = Date.now() - early.startedAt <= FRESH_FOR_MS && early.epoch === sessionEpoch();
  return fresh ? early.response : undefined;
}

/** Forgets every early answer not taken yet: after a change (any write), what they read may be out of date. */
export function dropEarlyGets(): void {
  started.clear();
}

/** Signing in or out (here or in another tab): early answers read before it, in any tab, are never handed out. */
export function sessionChanged(): void {
  started.clear();
  try {
    globalThis.localStorage?.setItem(EPOCH_KEY, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
  } catch {
    // Without storage, other tabs cannot be told; this tab's answers are dropped above.
  }
}
