import type { ErrorBody } from '@coincard/shared';
import { dropEarlyGets, sessionChanged, takeEarlyGet } from './early-requests';

const API_BASE = '/api';
const UNAUTHORIZED = 401;
const REFRESH_ERROR_CODE = 'InvalidAccessToken';

/** A failed API call: the HTTP status plus the fields of the server's error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorCode: string;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** True when `message` was written by the server for a person, not made up from the status. */
  readonly hasServerMessage: boolean;

  constructor(status: number, body: unknown) {
    const error = readErrorBody(body);
    super(error ? error.message : `Request failed with status ${status}.`);
    this.status = status;
    this.errorCode = error ? error.errorCode : 'UnknownError';
    this.fields = error?.fields;
    this.retryAfterSeconds = error?.retryAfterSeconds;
    this.hasServerMessage = error !== undefined && error.message.length > 0;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's error body (`errorBodySchema` in packages/shared), read by hand: every page needs it, and zod stays off
 * the start of a page (decision 040). A part that is not of its type is left out; without a message and an error code
 * it is no error body at all.
 */
export function readErrorBody(body: unknown): ErrorBody | undefined {
  if (!isRecord(body) || typeof body.message !== 'string' || typeof body.errorCode !== 'string') return undefined;
  const { fields, retryAfterSeconds } = body;
  const fieldsOk = isRecord(fields) && Object.values(fields).every((value) => typeof value === 'string');
  return {
    message: body.message,
    errorCode: body.errorCode,
    fields: fieldsOk ? (fields as Record<string, string>) : undefined,
    retryAfterSeconds:
      Number.isSafeInteger(retryAfterSeconds) && (retryAfterSeconds as number) >= 0
        ? (retryAfterSeconds as number)
        : undefined,
  };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The browser knows it is offline: the request was not sent at all. */
export const OFFLINE_ERROR_CODE = 'Offline';
/** The request was sent (or started to be) and no answer came back: whether the server acted on it is unknown. */
export const NETWORK_ERROR_CODE = 'NetworkError';

const OFFLINE_MESSAGE = "You're offline, so nothing was sent and nothing changed. Try again once you're connected.";
const NETWORK_MESSAGE = 'CoinCard could not be reached. Check your connection and try again.';

/**
 * Whether a failed call may still have done its work on the server (no answer came back). Money calls then keep
 * their Idempotency-Key, so trying again answers the first result instead of moving the money twice.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return isApiError(error) && error.errorCode === NETWORK_ERROR_CODE;
}

/** Anything with a zod-style `parse`, so responses can be checked against the shared contract. */
export type ResponseParser<T> = { parse: (data: unknown) => T };

/**
 * How a call checks its answer: `import.meta.env.DEV && schema`. Development and the tests check every answer against
 * the shared contract; a production build folds the expression to `false`, so the schema, and zod with it, is not in
 * the page's code at all and the answer is trusted as the server wrote it (the server checks its own answers against
 * the same contract; decision 040). A check must answer exactly what it reads, so that skipping it changes nothing: a
 * schema whose input and output types differ (a default, a coercion) does not type-check here, and in development a
 * check whose answer differs from what it read (a trim, a transform of the same type) throws.
 */
export type ResponseCheck<T> = false | (ResponseParser<T> & { _zod?: { input: NoInfer<T>; output: NoInfer<T> } });

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Nothing is sent while the browser says it is offline, and a request the network dropped fails with a sentence for
 * the person, at once: a call never waits for the connection to come back and then runs by surprise (the query
 * client's mutations never pause either; decision 035).
 */
async function fetchOnline(url: string, init: RequestInit, early?: Promise<Response>): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, { message: OFFLINE_MESSAGE, errorCode: OFFLINE_ERROR_CODE });
  }
  try {
    return await (early ?? fetch(url, init));
  } catch (error) {
    // A caller that cancelled (a query nobody needs any more) gets its abort back, not a message about the network.
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, { message: NETWORK_MESSAGE, errorCode: NETWORK_ERROR_CODE });
  }
}

async function sendTo(url: string, options: RequestOptions, early?: Promise<Response>): Promise<unknown> {
  const hasBody = options.body !== undefined;
  const response = await fetchOnline(
    url,
    {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    },
    early,
  );
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** A read may find its answer already on the way (src/lib/early-requests.ts); a write makes any such answer old. */
function send(path: string, options: RequestOptions): Promise<unknown> {
  const method = options.method ?? 'GET';
  // Signing in or out (GET /auth/logout included) changes whose data an early answer would be, in every tab.
  if (path.startsWith('/auth/')) sessionChanged();
  else if (method !== 'GET') dropEarlyGets();
  const early = method === 'GET' && !options.headers ? takeEarlyGet(path) : undefined;
  return sendTo(`${API_BASE}${path}`, options, early);
}

let refreshInFlight: Promise<unknown> | null = null;

/** One refresh at a time: concurrent callers share the request that is already running. */
function refreshSession(): Promise<unknown> {
  refreshInFlight ??= send('/auth/refresh', { method: 'GET' }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function needsRefresh(error: unknown): boolean {
  return isApiError(error) && error.status === UNAUTHORIZED && error.errorCode === REFRESH_ERROR_CODE;
}

/**
 * Calls the API. On 401 InvalidAccessToken it renews the session once and retries the request once;
 * a retried request is never retried again, and a failed refresh passes the original error on.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  check?: ResponseCheck<T>,
): Promise<T> {
  let body: unknown;
  try {
    body = await send(path, options);
  } catch (error) {
    if (!needsRefresh(error)) throw error;
    try {
      await refreshSession();
    } catch {
      throw error;
    }
    body = await send(path, options);
  }
  return checked(body, check);
}

function checked<T>(body: unknown, check: ResponseCheck<T> | undefined): T {
  if (!check) return body as T;
  const parsed = check.parse(body);
  // A production build skips the check and keeps the answer as it came, so a check that changes it (a transform, a
  // default, a trim) would make the two builds show different things: development and the tests refuse it.
  if (import.meta.env.DEV && !sameAnswer(parsed, body)) {
    throw new TypeError('A response check changed the answer; it must only check it (see ResponseCheck).');
  }
  return parsed;
}

/** Whether `checked` (what a check answered) holds exactly what `raw` does, leaving aside fields the check dropped. */
function sameAnswer(checkedValue: unknown, raw: unknown): boolean {
  if (Array.isArray(checkedValue)) {
    return (
      Array.isArray(raw) &&
      raw.length === checkedValue.length &&
      checkedValue.every((item, index) => sameAnswer(item, raw[index]))
    );
  }
  if (typeof checkedValue === 'object' && checkedValue !== null) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
    const rawRecord = raw as Record<string, unknown>;
    return Object.entries(checkedValue).every(
      ([key, value]) => Object.hasOwn(rawRecord, key) && sameAnswer(value, rawRecord[key]),
    );
  }
  return Object.is(checkedValue, raw);
}

/**
 * Calls a same-origin JSON endpoint outside `/api` (the sandbox providers' checkout and spend simulator). No session is
 * involved, so there is no refresh; failures are ApiErrors like any other.
 */
export async function requestOutsideApi<T = unknown>(
  url: string,
  options: RequestOptions = {},
  check?: ResponseCheck<T>,
): Promise<T> {
  return checked(await sendTo(url, options), check);
}

export const api = {
  get: <T = unknown>(path: string, check?: ResponseCheck<T>, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'GET', signal }, check),
  post: <T = unknown>(path: string, body?: unknown, check?: ResponseCheck<T>, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {}, headers }, check),
  patch: <T = unknown>(path: string, body?: unknown, check?: ResponseCheck<T>, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'PATCH', body: body ?? {}, headers }, check),
  put: <T = unknown>(path: string, body?: unknown, check?: ResponseCheck<T>) =>
    apiRequest<T>(path, { method: 'PUT', body: body ?? {} }, check),
  delete: <T = unknown>(path: string, check?: ResponseCheck<T>) => apiRequest<T>(path, { method: 'DELETE' }, check),
};
