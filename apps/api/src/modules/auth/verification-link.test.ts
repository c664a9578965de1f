import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

// Issue 17, finding 7: opening someone else's verification link replaced the victim's session with the sender's
// account, so the victim's top-ups credited the attacker. A verification link now never replaces a session of
// another account, and signs nobody in unless the app's own page asks.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = async (jar: CookieJar) => (await t.request('GET', '/api/user', { jar })).json().email as string | undefined;

describe('a verification link opened by someone signed in to another account (issue 17, finding 7)', () => {
  it("verifies the sender's address but keeps the visitor signed in as themself, and says so", async () => {
    const { jar: victim } = await t.signUpVerified('victim@example.com');
    const { code } = await t.signUp('attacker@example.com');
    const opened = await t.request('GET', `/api/auth/email/verify/${code}`, { jar: victim });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ signedIn: false, otherAccountEmail: 'victim@example.com' });
    expect(opened.json().message).toMatch(/still signed in as victim@example\.com/);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(await me(victim)).toBe('victim@example.com');
    // The address is verified all the same: its owner signs in with the password.
    const attacker = new CookieJar();
    const login = await t.request('POST', '/api/auth/login', {
      jar: attacker,
      body: { email: 'attacker@example.com', password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the session when only the refresh cookie is left (the access token expired)', async () => {
    const { jar: victim } = await t.signUpVerified('refresh-only@example.com');
    const { code } = await t.signUp('sender-two@example.com');
    const refreshOnly = new CookieJar();
    refreshOnly.set('refreshToken', victim.get('refreshToken') ?? '');
    const opened = await t.request('GET', `/api/auth/email/verify/${code}`, { jar: refreshOnly });
    expect(opened.json()).toMatchObject({ signedIn: false, otherAccountEmail: 'refresh-only@example.com' });
    expect(opened.headers['set-cookie']).toBeUndefined();
  });

  it('sets no session cookie when the link is opened straight at the API from another site', async () => {
    const { code } = await t.signUp('navigated@example.com');
    const opened = await t.request('GET', `/api/auth/email/verify/${code}`, {
      headers: {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ signedIn: false });
    expect(opened.headers['set-cookie']).toBeUndefined();
  });

  it("signs a guest in when the app's own page asks", async () => {
    const { code } = await t.signUp('guest@example.com');
    const guest = new CookieJar();
    const opened = await t.request('GET', `/api/auth/email/verify/${code}`, {
      jar: guest,
      headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', accept: 'application/json' },
    });
    // The page names the account it signed in to, so nobody takes someone else's for their own.
    expect(opened.json()).toMatchObject({ signedIn: true, email: 'guest@example.com' });
    expect(await me(guest)).toBe('guest@example.com');
  });
});
