import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../test/cookie-jar.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../test/test-app.js';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(async () => {
  await t.close();
});

describe('abuse limits', () => {
  it('limits registrations per IP', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const email = `flood-${i}@example.com`;
      const response = await t.request('POST', '/api/auth/register', {
        ip,
        body: { email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits reset mails per account without telling the caller', async () => {
    await t.signUpVerified('reset-flood@example.com');
    t.smtp.mails.length = 0;
    for (let i = 0; i < 7; i += 1) {
      const response = await t.request('POST', '/api/auth/password/forgot', {
        ip: freshIp(),
        body: { email: 'reset-flood@example.com' },
      });
      expect(response.statusCode).toBe(200);
    }
    await t.smtp.settle(500);
    expect(t.smtp.mails.filter((m) => m.to === 'reset-flood@example.com')).toHaveLength(5);
  });

  it('limits two-factor guesses per address, not per account (modules/auth/guessing.test.ts)', async () => {
    const { jar, user } = await t.signUpVerified('guess@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push(
        (await t.request('POST', '/api/auth/2fa/verify', { ip, body: { code: '000000', userId: user._id } }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('secrets stay out of the logs', () => {
  it('never logs passwords, cookies, verification codes or OTPs', async () => {
    const { code } = await t.signUp('quiet@example.com', { password: 'Very-Secret-Pass-9' });
    const jar = new CookieJar();
    await t.request('GET', `/api/auth/email/verify/${code}`, { jar });
    await t.request('GET', '/api/user', { jar });
    await t.request('POST', '/api/auth/login', {
      body: { email: 'quiet@example.com', password: 'Wrong-Secret-Pass-9' },
    });
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/email/verify/[redacted]');
    for (const secret of [
      code,
      'Very-Secret-Pass-9',
      'Wrong-Secret-Pass-9',
      jar.get('accessToken') ?? 'x',
      jar.get('refreshToken') ?? 'x',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('cookies over HTTPS', () => {
  it('uses __Host- cookies with Secure when APP_URL is https', async () => {
    const https = await createTestApp({ configEnv: { APP_URL: 'https://coincard.example', DEMO_MODE: 'true' } });
    try {
      await https.signUp('secure@example.com');
      const mail = await https.smtp.latest('secure@example.com', 'Verify');
      const code = mail.text.match(/\/email\/verify\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
      expect(mail.text).toContain('https://coincard.example/email/verify/');
      const response = await https.request('GET', `/api/auth/email/verify/${code}`);
      const cookies = response.headers['set-cookie'] as string[];
      expect(cookies.find((c) => c.startsWith('__Host-accessToken='))).toMatch(/Secure/);
      expect(cookies.find((c) => c.startsWith('__Host-refreshToken='))).toMatch(/Secure/);
      expect(response.headers['strict-transport-security']).toBeTruthy();
    } finally {
      await https.close();
    }
  });
});
