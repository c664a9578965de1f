import { errorBodySchema } from '@coincard/shared';

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
    const parsed = errorBodySchema.safeParse(body);
    super(parsed.success ? parsed.data.message : `Request failed with status ${status}.`);
    this.status = status;
    this.errorCode = parsed.success ? parsed.data.errorCode : 'UnknownError';
    this.fields = parsed.success ? parsed.data.fields : undefined;
    this.retryAfterSeconds = parsed.success ? parsed.data.retryAfterSeconds : undefined;
    this.hasServerMessage = parsed.success && parsed.data.message.length > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Anything with a zod-style `parse`, so responses can be checked against the shared contract. */
export type ResponseParser<T> = { parse: (data: unknown) => T };

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

async function sendTo(url: string, options: RequestOptions): Promise<unknown> {
  const hasBody = options.body !== undefined;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

const send = (path: string, options: RequestOptions) => sendTo(`${API_BASE}${path}`, options);

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
  parser?: ResponseParser<T>,
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
  return parser ? parser.parse(body) : (body as T);
}

/**
 * Calls a same-origin JSON endpoint outside `/api` (the sandbox providers' checkout and spend simulator). No session is
 * involved, so there is no refresh; failures are ApiErrors like any other.
 */
export async function requestOutsideApi<T = unknown>(
  url: string,
  options: RequestOptions = {},
  parser?: ResponseParser<T>,
): Promise<T> {
  const body = await sendTo(url, options);
  return parser ? parser.parse(body) : (body as T);
}

export const api = {
  get: <T = unknown>(path: string, parser?: ResponseParser<T>, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'GET', signal }, parser),
  post: <T = unknown>(path: string, body?: unknown, parser?: ResponseParser<T>, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {}, headers }, parser),
  patch: <T = unknown>(path: string, body?: unknown, parser?: ResponseParser<T>, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'PATCH', body: body ?? {}, headers }, parser),
  put: <T = unknown>(path: string, body?: unknown, parser?: ResponseParser<T>) =>
    apiRequest<T>(path, { method: 'PUT', body: body ?? {} }, parser),
  delete: <T = unknown>(path: string, parser?: ResponseParser<T>) => apiRequest<T>(path, { method: 'DELETE' }, parser),
};
