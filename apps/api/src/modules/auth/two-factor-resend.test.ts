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

/** The web's "Resend code" at the 2FA step of an e-mail-code user uses POST /api/auth/2fa/email. */
describe('resending the sign-in code to an e-mail two-factor user', () => {
  it('mails a new code that works, and the earlier one stops working', async () => {
    const { jar: owner, user } = await t.signUpVerified('resend@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar: owner, body: { enabled: true } });
    const jar = new CookieJar();
    const seen = new Set(t.smtp.mails);
    await t.request('POST', '/api/auth/login', {
      jar,
      body: { email: 'resend@example.com', password: STRONG_PASSWORD },
    });
    const first = await t.smtp.waitFor((m) => !seen.has(m) && m.to === 'resend@example.com');
    const firstCode = first.text.match(/\b(\d{6})\b/)?.[1] ?? '';

    seen.add(first);
    const resent = await t.request('POST', '/api/auth/2fa/email', { jar, body: { userId: user._id } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('We sent a 6-digit code to your e-mail.');
    const second = await t.smtp.waitFor((m) => !seen.has(m) && m.to === 'resend@example.com');
    const secondCode = second.text.match(/\b(\d{6})\b/)?.[1] ?? '';

    if (firstCode !== secondCode) {
      const old = await t.request('POST', '/api/auth/2fa/verify', { jar, body: { code: firstCode, userId: user._id } });
      expect(old.statusCode).toBe(400);
    }
    const fresh = await t.request('POST', '/api/auth/2fa/verify', {
      jar,
      body: { code: secondCode, userId: user._id },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a browser that did not pass the password step', async () => {
    const { jar: owner, user } = await t.signUpVerified('resend-other@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar: owner, body: { enabled: true } });
    await t.request('POST', '/api/auth/login', {
      jar: new CookieJar(),
      body: { email: 'resend-other@example.com', password: STRONG_PASSWORD },
    });
    const stranger = await t.request('POST', '/api/auth/2fa/email', {
      jar: new CookieJar(),
      body: { userId: user._id },
    });
    expect(stranger.statusCode).toBe(400);
  });
});
