import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../test/fetch-mock';
import { api } from './api-client';
import { dropEarlyGets, sessionChanged, startEarlyGets } from './early-requests';

afterEach(() => {
  dropEarlyGets();
  vi.useRealTimers();
});

describe('early reads', () => {
  it('hands an early answer to the first read of its path, once', async () => {
    let served = 0;
    const fetchMock = mockFetch(() => jsonResponse(200, { served: ++served }));
    startEarlyGets(['/cards']);
    expect(callsTo(fetchMock, '/api/cards')).toBe(1);
    await expect(api.get('/cards')).resolves.toEqual({ served: 1 });
    expect(callsTo(fetchMock, '/api/cards')).toBe(1);
    await expect(api.get('/cards')).resolves.toEqual({ served: 2 });
    expect(callsTo(fetchMock, '/api/cards')).toBe(2);
  });

  it('asks again once the early answer waited too long', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = mockFetch(() => jsonResponse(200, []));
    startEarlyGets(['/cards']);
    vi.setSystemTime(Date.now() + 16_000);
    await api.get('/cards');
    expect(callsTo(fetchMock, '/api/cards')).toBe(2);
  });

  it('never hands out an answer read before someone signed in or out in another tab', async () => {
    let served = 0;
    const fetchMock = mockFetch(() => jsonResponse(200, { served: ++served }));
    startEarlyGets(['/cards']);
    // Another tab signs out and someone else signs in: only the shared storage carries the news.
    localStorage.setItem('coincard:session-epoch', 'another-tab-signed-in');
    await expect(api.get('/cards')).resolves.toEqual({ served: 2 });
    expect(callsTo(fetchMock, '/api/cards')).toBe(2);
    sessionChanged();
    startEarlyGets(['/cards']);
    await expect(api.get('/cards')).resolves.toEqual({ served: 3 });
    expect(callsTo(fetchMock, '/api/cards')).toBe(3);
  });

  it('forgets early answers after a write, and after signing in or out', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    startEarlyGets(['/cards', '/user']);
    await api.post('/cards', { name: 'Travel' });
    await api.get('/cards');
    expect(callsTo(fetchMock, '/api/cards')).toBe(3);
    startEarlyGets(['/user']);
    await api.get('/auth/logout');
    await api.get('/user');
    expect(callsTo(fetchMock, '/api/user')).toBe(3);
  });

  it('renews an expired session and reads again when the early answer is a 401', async () => {
    const answers = [
      jsonResponse(401, { message: 'Your session has expired.', errorCode: 'InvalidAccessToken' }),
      jsonResponse(200, {}),
      jsonResponse(200, { email: 'a@b.co' }),
    ];
    const fetchMock = mockFetch(() => answers.shift() ?? jsonResponse(500, {}));
    startEarlyGets(['/user']);
    await expect(api.get('/user')).resolves.toEqual({ email: 'a@b.co' });
    expect(callsTo(fetchMock, '/api/auth/refresh')).toBe(1);
    expect(callsTo(fetchMock, '/api/user')).toBe(2);
  });

  it('reports a dropped early request as the network error of the read that takes it', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyGets(['/cards']);
    await expect(api.get('/cards')).rejects.toMatchObject({ errorCode: 'NetworkError' });
  });
});
