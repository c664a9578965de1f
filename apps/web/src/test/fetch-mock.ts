import { vi } from 'vitest';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces global fetch with `handler`; returns the mock so tests can count calls per URL. */
export function mockFetch(handler: Handler) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function callsTo(mock: ReturnType<typeof mockFetch>, url: string): number {
  return mock.mock.calls.filter(([input]) => String(input) === url).length;
}
