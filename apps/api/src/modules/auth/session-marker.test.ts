import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setCookies = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
};
const cookieLine = (response: { headers: Record<string, unknown> }, name: string) =>
  setCookies(response).find((line) => line.startsWith(`${name}=`));
const maxAgeOf = (line: string | undefined) => Number(line?.match(/Max-Age=(\d+)/)?.[1]);

describe('the session marker cookie', () => {
  it('comes with the session: readable by the page, the constant 1, as long-lived as the refresh cookie', async () => {
    const { code } = await t.signUp('marker@example.com');
    const verified = await t.request('GET', `/api/auth/email/verify/${code}`);
    const marker = cookieLine(verified, 'signedIn');
    expect(marker).toMatch(/^signedIn=1; Max-Age=\d+; Path=\/; SameSite=Strict$/);
    expect(marker).not.toMatch(/HttpOnly/i);
    expect(maxAgeOf(marker)).toBe(maxAgeOf(cookieLine(verified, 'refreshToken')));
  });

  it('grants nothing: a request carrying only the marker is still a guest', async () => {
    const jar = new CookieJar();
    jar.set('signedIn', '1');
    const me = await t.request('GET', '/api/user', { jar });
    expect(me.statusCode).toBe(401);
    expect(me.json().errorCode).toBe('InvalidAccessToken');
  });

  it('is set at sign-in and refresh, and cleared at logout and by a failed refresh', async () => {
    await t.signUpVerified('marker-life@example.com');
    const jar = new CookieJar();
    await t.request('POST', '/api/auth/login', {
      jar,
      body: { email: 'marker-life@example.com', password: STRONG_PASSWORD },
    });
    expect(jar.get('signedIn')).toBe('1');

    const refreshed = await t.request('GET', '/api/auth/refresh', { jar });
    expect(refreshed.statusCode).toBe(200);
    expect(cookieLine(refreshed, 'signedIn')).toMatch(/^signedIn=1;/);

    const loggedOut = await t.request('GET', '/api/auth/logout', { jar });
    expect(cookieLine(loggedOut, 'signedIn')).toMatch(/^signedIn=;/);
    expect(jar.get('signedIn')).toBeUndefined();

    // A browser that still holds a marker but no working session loses it at the refresh that fails.
    const stale = new CookieJar();
    stale.set('signedIn', '1');
    stale.set('refreshToken', 'not-a-real-token');
    const failed = await t.request('GET', '/api/auth/refresh', { jar: stale });
    expect(failed.statusCode).toBe(401);
    expect(stale.get('signedIn')).toBeUndefined();
  });

  it('is not set by the password step of a two-factor sign-in, only once the code is accepted', async () => {
    const { jar: owner, user } = await t.signUpVerified('marker-2fa@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar: owner, body: { enabled: true } });
    const seen = new Set(t.smtp.mails);
    const jar = new CookieJar();
    const passwordStep = await t.request('POST', '/api/auth/login', {
      jar,
      body: { email: 'marker-2fa@example.com', password: STRONG_PASSWORD },
    });
    expect(passwordStep.json().isTwoFactorRequired).toBe(true);
    expect(cookieLine(passwordStep, 'signedIn')).toBeUndefined();

    const mail = await t.smtp.waitFor((m) => !seen.has(m) && m.to === 'marker-2fa@example.com');
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const verified = await t.request('POST', '/api/auth/2fa/verify', { jar, body: { code, userId: user._id } });
    expect(verified.statusCode).toBe(200);
    expect(jar.get('signedIn')).toBe('1');
  });
});

describe('cookies over HTTPS', () => {
  it('names the marker __Host-signedIn, Secure and still readable by the page', async () => {
    const https = await createTestApp({ configEnv: { APP_URL: 'https://coincard.example', DEMO_MODE: 'true' } });
    try {
      const { code } = await https.signUp('marker-secure@example.com');
      const verified = await https.request('GET', `/api/auth/email/verify/${code}`);
      const marker = cookieLine(verified, '__Host-signedIn');
      expect(marker).toMatch(/Secure/);
      expect(marker).not.toMatch(/HttpOnly/i);
    } finally {
      await https.close();
    }
  });
});
