import { messageSchema } from '@coincard/shared';
import { describe, expect, it, vi } from 'vitest';
import { ZodError, z } from 'zod';
import { callsTo, jsonResponse, mockFetch } from '../test/fetch-mock';
import { ApiError, api, isOutcomeUnknown, readErrorBody, requestOutsideApi } from './api-client';

const expired = { message: 'Your session has expired.', errorCode: 'InvalidAccessToken' };

describe('api client', () => {
  it('sends credentials and JSON, and answers with the body', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'ok' }));
    await expect(api.post('/auth/login', { email: 'a@b.co' })).resolves.toEqual({ message: 'ok' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.co"}' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends extra headers such as Idempotency-Key, and calls same-origin paths outside /api', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { ok: true }));
    await api.post('/transactions', { currency: 'BTC' }, undefined, { 'Idempotency-Key': 'key-1' });
    await requestOutsideApi('/sandbox/payments/checkout/x/outcome', { method: 'POST', body: { outcome: 'paid' } });
    const [first, second] = fetchMock.mock.calls;
    expect(first?.[0]).toBe('/api/transactions');
    expect(new Headers(first?.[1]?.headers).get('Idempotency-Key')).toBe('key-1');
    expect(new Headers(first?.[1]?.headers).get('Content-Type')).toBe('application/json');
    expect(second?.[0]).toBe('/sandbox/payments/checkout/x/outcome');
  });

  it('rejects with an ApiError holding the status and the error body fields', async () => {
    mockFetch(() =>
      jsonResponse(400, { message: 'Check the form.', errorCode: 'ValidationError', fields: { email: 'Bad' } }),
    );
    const error = await api.post('/auth/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Check the form.',
      errorCode: 'ValidationError',
      fields: { email: 'Bad' },
    });
  });

  it('shares one refresh between concurrent 401 InvalidAccessToken answers, then retries each request', async () => {
    let isSessionFresh = false;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/refresh') {
        return new Promise<Response>((resolve) =>
          setTimeout(() => {
            isSessionFresh = true;
            resolve(jsonResponse(200, { message: 'Session refreshed.' }));
          }, 10),
        );
      }
      return isSessionFresh ? jsonResponse(200, { url }) : jsonResponse(401, expired);
    });
    const answers = await Promise.all([api.get('/user'), api.get('/cards'), api.get('/referrals')]);
    expect(answers).toEqual([{ url: '/api/user' }, { url: '/api/cards' }, { url: '/api/referrals' }]);
    expect(callsTo(fetchMock, '/api/auth/refresh')).toBe(1);
    for (const url of ['/api/user', '/api/cards', '/api/referrals']) expect(callsTo(fetchMock, url)).toBe(2);
  });

  it('does not retry a retried request again when it answers 401 a second time', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh' ? jsonResponse(200, { message: 'Session refreshed.' }) : jsonResponse(401, expired),
    );
    await expect(api.get('/user')).rejects.toMatchObject({ status: 401, errorCode: 'InvalidAccessToken' });
    expect(callsTo(fetchMock, '/api/user')).toBe(2);
    expect(callsTo(fetchMock, '/api/auth/refresh')).toBe(1);
  });

  it('passes the original error on when the refresh fails', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse(401, { message: 'Please sign in again.', errorCode: 'InvalidRefreshToken' })
        : jsonResponse(401, expired),
    );
    await expect(api.get('/user')).rejects.toMatchObject({
      status: 401,
      errorCode: 'InvalidAccessToken',
      message: 'Your session has expired.',
    });
    expect(callsTo(fetchMock, '/api/user')).toBe(1);
    expect(callsTo(fetchMock, '/api/auth/refresh')).toBe(1);
  });

  it('passes other errors through unchanged, without a refresh', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/user'
        ? jsonResponse(401, { message: 'Wrong e-mail or password.', errorCode: 'InvalidCredentials' })
        : jsonResponse(403, { message: 'Forbidden.', errorCode: 'Forbidden' }),
    );
    await expect(api.get('/user')).rejects.toMatchObject({ status: 401, errorCode: 'InvalidCredentials' });
    await expect(api.get('/user/all')).rejects.toMatchObject({ status: 403, errorCode: 'Forbidden' });
    expect(callsTo(fetchMock, '/api/auth/refresh')).toBe(0);
  });

  it('starts a new refresh for a later 401 once the previous refresh has finished', async () => {
    let refreshes = 0;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        return jsonResponse(200, { message: 'Session refreshed.' });
      }
      return callsTo(fetchMock, url) % 2 === 1 ? jsonResponse(401, expired) : jsonResponse(200, { ok: true });
    });
    await api.get('/user');
    await api.get('/cards');
    expect(refreshes).toBe(2);
  });

  it('checks an answer against its schema in development and the tests, and trusts it when given no schema', async () => {
    mockFetch(() => jsonResponse(200, { message: 42 }));
    expect(import.meta.env.DEV).toBe(true);
    await expect(api.get('/user', import.meta.env.DEV && messageSchema)).rejects.toBeInstanceOf(ZodError);
    // What a production build runs: `import.meta.env.DEV && schema` is `false` there.
    await expect(api.get('/user', false)).resolves.toEqual({ message: 42 });
  });

  it('refuses, in development and the tests, a check that changes the answer instead of only checking it', async () => {
    mockFetch(() => jsonResponse(200, { message: '  padded  ', extra: 'dropped by the check' }));
    await expect(api.get('/user', z.object({ message: z.string().trim() }))).rejects.toThrow(
      'A response check changed the answer',
    );
    await expect(api.get('/user', z.object({ message: z.string() }))).resolves.toEqual({ message: '  padded  ' });
    mockFetch(() => jsonResponse(200, { items: [{ id: 1 }, { id: 2 }] }));
    const sorted = {
      parse: (data: unknown) => ({ items: [...(data as { items: { id: number }[] }).items].reverse() }),
    };
    await expect(api.get('/cards', sorted)).rejects.toThrow('A response check changed the answer');
  });

  it('reads only the well-formed parts of an error body, and nothing from a body that is not one', () => {
    expect(readErrorBody({ message: 'Slow down.', errorCode: 'RateLimited', retryAfterSeconds: 30 })).toEqual({
      message: 'Slow down.',
      errorCode: 'RateLimited',
      fields: undefined,
      retryAfterSeconds: 30,
    });
    expect(
      readErrorBody({
        message: 'Check the form.',
        errorCode: 'ValidationError',
        fields: { email: 'Bad', amount: 5 },
        retryAfterSeconds: 1.5,
      }),
    ).toEqual({
      message: 'Check the form.',
      errorCode: 'ValidationError',
      fields: undefined,
      retryAfterSeconds: undefined,
    });
    expect(readErrorBody({ message: 'x', errorCode: 'Y', fields: ['a'] })?.fields).toBeUndefined();
    for (const retryAfterSeconds of [-5, 1e300, Number.NaN, '30']) {
      expect(readErrorBody({ message: 'x', errorCode: 'Y', retryAfterSeconds })?.retryAfterSeconds).toBeUndefined();
    }
    for (const body of [undefined, null, 'Bad gateway', 7, [], { message: 'No code' }, { errorCode: 'NoMessage' }]) {
      expect(readErrorBody(body)).toBeUndefined();
    }
    expect(readErrorBody({ message: ['x'], errorCode: 'Y' })).toBeUndefined();
  });

  it('keeps a made-up message apart from a server message when the error body is not JSON', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('/user').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, errorCode: 'UnknownError', hasServerMessage: false });
  });
});

describe('api client without a connection', () => {
  it('sends nothing while the browser is offline, and says so in words', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'ok' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await api.patch('/cards/c1/freeze').catch((caught: unknown) => caught);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      errorCode: 'Offline',
      message: "You're offline, so nothing was sent and nothing changed. Try again once you're connected.",
      hasServerMessage: true,
    });
    // Nothing was sent, so nothing can have happened: a retry may use a new key.
    expect(isOutcomeUnknown(error)).toBe(false);
  });

  it('turns a request the network dropped into a sentence, and marks its outcome as unknown', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.post('/transactions', { currency: 'BTC' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 0,
      errorCode: 'NetworkError',
      message: 'CoinCard could not be reached. Check your connection and try again.',
    });
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('hands a cancelled request its abort back', async () => {
    const controller = new AbortController();
    mockFetch((_url, init) => {
      controller.abort();
      return Promise.reject(init?.signal?.reason);
    });
    const error = await api.get('/cards', undefined, controller.signal).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
