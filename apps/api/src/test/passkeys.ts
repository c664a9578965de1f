import type { CookieJar } from './cookie-jar.js';
import { STRONG_PASSWORD, type TestApp } from './test-app.js';
import type { VirtualAuthenticator } from './virtual-authenticator.js';

/** The step-up fields with a passkey answer instead of a code, for a session whose account has a passkey. */
export async function passkeyStepUp(t: TestApp, jar: CookieJar, authenticator: VirtualAuthenticator) {
  const options = (await t.request('POST', '/api/auth/step-up/passkey-options', { jar })).json();
  return authenticator.assert(options);
}

/**
 * Adds a passkey through the API as Profile Settings does: the registration prompt, the authenticator's answer, and
 * the step-up (the password, and `factor` when the account has one already). Answers the response.
 */
export async function addPasskey(
  t: TestApp,
  jar: CookieJar,
  authenticator: VirtualAuthenticator,
  name: string,
  factor: { code?: string; passkey?: unknown } = {},
) {
  const options = (await t.request('POST', '/api/user/passkeys/registration-options', { jar })).json();
  const credential = authenticator.register(options);
  return t.request('POST', '/api/user/passkeys', {
    jar,
    body: { name, password: STRONG_PASSWORD, credential, ...factor },
  });
}
