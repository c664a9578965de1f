import { totpAt } from '../modules/auth/totp/totp.js';
import type { CookieJar } from './cookie-jar.js';
import { STRONG_PASSWORD, type TestApp } from './test-app.js';

const STEP_MS = 30_000;

/**
 * The codes the user's phone shows: each call moves the test clock one 30-second step on, as a person a little later
 * would, so no code is refused as a replay of the one before.
 */
export function phone(t: TestApp, secret: string) {
  return () => {
    t.clock.advance(STEP_MS);
    return totpAt(secret, t.deps.now());
  };
}

/**
 * Sets up the authenticator app for a signed-in user through the API, as the person would: the password (and a code
 * of the factor already on, when there is one), then a current code from the app. Answers the secret, the recovery
 * codes and the phone.
 */
export async function enrolAuthenticator(
  t: TestApp,
  jar: CookieJar,
  stepUp: { password?: string; code?: string } = {},
) {
  const enrol = await t.request('POST', '/api/user/totp/enrol', {
    jar,
    body: { password: stepUp.password ?? STRONG_PASSWORD, ...(stepUp.code ? { code: stepUp.code } : {}) },
  });
  if (enrol.statusCode !== 200) throw new Error(`enrol failed: ${enrol.body}`);
  const { secret } = enrol.json() as { secret: string };
  const confirm = await t.request('POST', '/api/user/totp/confirm', {
    jar,
    body: { code: totpAt(secret, t.deps.now()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json().recoveryCodes as string[], next: phone(t, secret) };
}

/** Password step then the authenticator code: answers the status of the 2FA step (200 when signed in). */
export async function signInWithAuthenticator(
  t: TestApp,
  jar: CookieJar,
  email: string,
  code: string,
  password = STRONG_PASSWORD,
) {
  const login = await t.request('POST', '/api/auth/login', { jar, body: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { userId } = login.json() as { userId: string };
  return t.request('POST', '/api/auth/2fa/verify', { jar, body: { code, userId } });
}
