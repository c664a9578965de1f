import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { makeUser } from '../test/users';
import { getCurrentUser } from './current-user';

const cookiesAre = (cookies: string) => vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getCurrentUser', () => {
  it('answers null for a guest without asking the server (no 401 in the console)', async () => {
    cookiesAre('');
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    await expect(getCurrentUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the session marker is there, under either cookie name', async () => {
    for (const cookies of ['signedIn=1', 'theme=dark; __Host-signedIn=1', '__Host-signedIn=1; other=2']) {
      cookiesAre(cookies);
      const fetchMock = mockFetch(() => jsonResponse(200, makeUser()));
      await expect(getCurrentUser()).resolves.toMatchObject({ email: makeUser().email });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('does not mistake another cookie for the marker', async () => {
    cookiesAre('notsignedIn=1; signedIn=0');
    const fetchMock = mockFetch(() => jsonResponse(200, makeUser()));
    await expect(getCurrentUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still treats a marker without a working session as a guest', async () => {
    mockFetch(() => jsonResponse(401, { message: 'Sign in.', errorCode: 'InvalidAccessToken' }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });
});
