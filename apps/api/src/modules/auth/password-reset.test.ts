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

const NEW_PASSWORD = 'Brand-New-Secret-77';

async function resetLink(email: string) {
  const response = await t.request('POST', '/api/auth/password/forgot', { body: { email } });
  expect(response.statusCode).toBe(200);
  const mail = await t.smtp.latest(email, 'Reset your password');
  const match = mail.text.match(/\/password\/reset\?code=([A-Za-z0-9_-]+)&exp=(\d+)/);
  if (!match) throw new Error('no reset link');
  return { code: match[1] ?? '', exp: Number(match[2]) };
}

describe('forgot and reset password', () => {
  it('answers the same message for known and unknown addresses, and mails only real ones', async () => {
    await t.signUpVerified('forgot@example.com');
    const known = await t.request('POST', '/api/auth/password/forgot', { body: { email: 'forgot@example.com' } });
    const unknown = await t.request('POST', '/api/auth/password/forgot', { body: { email: 'ghost@example.com' } });
    expect(known.json()).toEqual({ message: 'Email sent! Check your inbox for further instructions.' });
    expect(unknown.json()).toEqual(known.json());
    await t.smtp.latest('forgot@example.com', 'Reset your password');
    await t.smtp.settle();
    expect(t.smtp.mails.some((mail) => mail.to === 'ghost@example.com')).toBe(false);
  });

  it('resets with a one-hour, single-use link that carries its expiry, and signs every session out', async () => {
    const { jar } = await t.signUpVerified('reset@example.com');
    const { code, exp } = await resetLink('reset@example.com');
    expect(exp).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect(exp).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 5000);

    const reset = await t.request('POST', '/api/auth/password/reset', {
      body: { password: NEW_PASSWORD, verificationCode: code },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toContain('password has been reset');
    // No session: only the known-device cookie (the link proved the inbox; decision 027).
    expect(String(reset.headers['set-cookie'])).toMatch(/^knownDevice=[^;]+;/);
    expect(String(reset.headers['set-cookie'])).not.toMatch(/accessToken|refreshToken/);
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(401);

    const again = await t.request('POST', '/api/auth/password/reset', {
      body: { password: 'Another-Secret-88', verificationCode: code },
    });
    expect(again.statusCode).toBe(400);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: 'reset@example.com', password: STRONG_PASSWORD } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: 'reset@example.com', password: NEW_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  it('does not bypass two-factor after a reset', async () => {
    const { jar } = await t.signUpVerified('reset2fa@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    const { code } = await resetLink('reset2fa@example.com');
    await t.request('POST', '/api/auth/password/reset', { body: { password: NEW_PASSWORD, verificationCode: code } });
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: 'reset2fa@example.com', password: NEW_PASSWORD },
      jar: new CookieJar(),
    });
    expect(login.json().isTwoFactorRequired).toBe(true);
  });

  it('refuses an expired link, a weak password and a made-up code, changing nothing', async () => {
    await t.signUpVerified('expired-reset@example.com');
    const { code } = await resetLink('expired-reset@example.com');
    const weak = await t.request('POST', '/api/auth/password/reset', {
      body: { password: 'weakpass', verificationCode: code },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password does not meet the strength requirements.');
    const madeUp = await t.request('POST', '/api/auth/password/reset', {
      body: { password: NEW_PASSWORD, verificationCode: 'A'.repeat(43) },
    });
    expect(madeUp.statusCode).toBe(400);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const late = await t.request('POST', '/api/auth/password/reset', {
      body: { password: NEW_PASSWORD, verificationCode: code },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe('InvalidCode');
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          body: { email: 'expired-reset@example.com', password: STRONG_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('verifies an unverified address, since the link proves the inbox is theirs', async () => {
    await t.signUp('never-verified@example.com');
    const { code } = await resetLink('never-verified@example.com');
    await t.request('POST', '/api/auth/password/reset', { body: { password: NEW_PASSWORD, verificationCode: code } });
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: 'never-verified@example.com', password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
