import { jsonResponse, mockFetch } from './fetch-mock';
import { makeUser } from './users';

type SecondFactors = { email?: boolean; app?: boolean; passkey?: boolean };
type Routes = Record<string, (body: Record<string, unknown>) => Response>;

/**
 * The profile API as the settings forms see it: the signed-in user with the given second factors, the step-up code
 * endpoint, and `routes` for the form under test. Returns the mock and the JSON bodies each URL received.
 */
export function profileApi({ email = false, app = false, passkey = false }: SecondFactors, routes: Routes) {
  const bodies: Record<string, Record<string, unknown>[]> = {};
  const fetchMock = mockFetch((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (init?.method && init.method !== 'GET') bodies[url] = [...(bodies[url] ?? []), body];
    if (url === '/api/user') return jsonResponse(200, makeUser({ isTwoFactorEnabled: email }));
    if (url === '/api/user/totp')
      return jsonResponse(200, { enabled: app, pending: false, recoveryCodesLeft: app ? 10 : 0 });
    if (url === '/api/user/passkeys' && (!init?.method || init.method === 'GET'))
      return jsonResponse(200, {
        passkeys: passkey
          ? [
              {
                _id: '0190a000-0000-7000-8000-00000000a001',
                name: 'Laptop',
                createdAt: '2026-01-02T10:00:00.000Z',
                lastUsedAt: null,
                backedUp: false,
              },
            ]
          : [],
      });
    if (url === '/api/auth/step-up/passkey-options')
      return jsonResponse(200, { challenge: 'challenge', allowCredentials: [] });
    if (url === '/api/user/step-up/code')
      return jsonResponse(200, { message: 'We sent a 6-digit code to your e-mail.' });
    const route = routes[url];
    return route ? route(body) : jsonResponse(404, { message: 'nope', errorCode: 'NotFound' });
  });
  return { fetchMock, bodies };
}

/** A 400 naming one step-up field, as the API answers it. */
export const fieldError = (field: 'currentPassword' | 'code', message: string) =>
  jsonResponse(400, { message, errorCode: 'ValidationError', fields: { [field]: message } });
