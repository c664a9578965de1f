import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password = STRONG_PASSWORD, jar = new CookieJar(), ip?: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, jar, ip });

const twoFactorCode = async (email: string) => {
  const mail = await t.smtp.latest(email, 'Your sign-in code');
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
};

describe('login', () => {
  it('signs a verified user in with cookies and answers isTwoFactorRequired false', async () => {
    const { user } = await t.signUpVerified('login@example.com');
    const jar = new CookieJar();
    const response = await login('LOGIN@example.com', STRONG_PASSWORD, jar);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isTwoFactorRequired: false, userId: user._id });
    expect((await t.request('GET', '/api/user', { jar })).json().email).toBe('login@example.com');
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    await t.signUpVerified('wrongpw@example.com');
    const wrong = await login('wrongpw@example.com', 'Wrong-Password-1');
    const unknown = await login('nobody@example.com', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ errorCode: 'InvalidCredentials', message: 'Incorrect e-mail or password.' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unverified account with 403 EmailNotVerified and mails a fresh link', async () => {
    const { code: firstCode } = await t.signUp('unverified@example.com');
    const response = await login('unverified@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('EmailNotVerified');
    const mail = await t.smtp.waitFor((m) => m.to === 'unverified@example.com' && !m.text.includes(firstCode));
    const freshCode = mail.text.match(/\/email\/verify\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    // Only the newest link works.
    expect((await t.request('GET', `/api/auth/email/verify/${firstCode}`)).statusCode).toBe(400);
    expect((await t.request('GET', `/api/auth/email/verify/${freshCode}`)).statusCode).toBe(200);
  });

  it('slows an account down after five failures with 429 and Retry-After, without locking its owner out', async () => {
    await t.signUpVerified('bruteforce@example.com');
    for (let i = 0; i < 5; i += 1) {
      const failed = await login('bruteforce@example.com', 'Wrong-Password-1', new CookieJar(), freshIp());
      expect(failed.statusCode).toBe(401);
    }
    const last = await login('bruteforce@example.com', 'Wrong-Password-1', new CookieJar(), freshIp());
    expect(last.statusCode).toBe(429);
    expect(last.json().errorCode).toBe('TooManyRequests');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits for the delay, and then gets in.
    expect((await login('bruteforce@example.com', STRONG_PASSWORD, new CookieJar(), freshIp())).statusCode).toBe(429);
    t.clock.advance(Number(last.headers['retry-after']) * 1000);
    expect((await login('bruteforce@example.com', STRONG_PASSWORD, new CookieJar(), freshIp())).statusCode).toBe(200);
  });
});

describe('two-factor login', () => {
  it('mails a 6-digit code, sets no session cookies, and signs in on the right code', async () => {
    const { jar, user } = await t.signUpVerified('twofa@example.com');
    const enable = await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    expect(enable.json()).toMatchObject({ isTwoFactorEnabled: true });

    const fresh = new CookieJar();
    const first = await login('twofa@example.com', STRONG_PASSWORD, fresh);
    expect(first.json()).toMatchObject({ isTwoFactorRequired: true, userId: user._id });
    // No session yet: only the httpOnly challenge that ties the code step to this browser.
    expect(fresh.get('accessToken')).toBeUndefined();
    expect(fresh.get('refreshToken')).toBeUndefined();
    expect(String(first.headers['set-cookie'])).toMatch(
      /^twoFactorChallenge=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const code = await twoFactorCode('twofa@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await t.request('POST', '/api/auth/2fa/verify', { jar: fresh, body: { code, userId: user._id } });
    expect(verified.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar: fresh })).json().isTwoFactorEnabled).toBe(true);
    // Single use.
    const replay = await t.request('POST', '/api/auth/2fa/verify', { body: { code, userId: user._id } });
    expect(replay.statusCode).toBe(400);
  });

  it('allows 5 attempts, then voids the code', async () => {
    const { jar, user } = await t.signUpVerified('attempts@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    const browser = new CookieJar();
    await login('attempts@example.com', STRONG_PASSWORD, browser);
    const code = await twoFactorCode('attempts@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.request('POST', '/api/auth/2fa/verify', {
        jar: browser,
        body: { code: wrong, userId: user._id },
        ip: freshIp(),
      });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages[0]).toBe('Incorrect code. 4 attempts left.');
    expect(messages[3]).toBe('Incorrect code. 1 attempt left.');
    expect(messages[4]).toContain('Sign in again');
    const right = await t.request('POST', '/api/auth/2fa/verify', {
      jar: browser,
      body: { code, userId: user._id },
      ip: freshIp(),
    });
    expect(right.statusCode).toBe(400);
  });

  it('ignores guesses from anyone but the browser that passed the password step', async () => {
    const { jar, user } = await t.signUpVerified('targeted@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    const owner = new CookieJar();
    await login('targeted@example.com', STRONG_PASSWORD, owner);
    const code = await twoFactorCode('targeted@example.com');
    // Someone who knows the public user id (it is the referral code) tries codes, even upper-cased.
    for (const userId of [user._id, user._id.toUpperCase(), user._id, user._id]) {
      const guess = await t.request('POST', '/api/auth/2fa/verify', { body: { code, userId }, ip: freshIp() });
      expect(guess.statusCode).toBe(400);
    }
    for (let i = 0; i < 5; i += 1) {
      await t.request('POST', '/api/auth/2fa/verify', { body: { code: '000000', userId: user._id }, ip: freshIp() });
    }
    const ownerTry = await t.request('POST', '/api/auth/2fa/verify', { jar: owner, body: { code, userId: user._id } });
    expect(ownerTry.statusCode).toBe(200);
  });

  it('expires the code after 10 minutes, and a new login voids the previous code', async () => {
    const { jar, user } = await t.signUpVerified('expiry@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    const firstBrowser = new CookieJar();
    await login('expiry@example.com', STRONG_PASSWORD, firstBrowser);
    const firstCode = await twoFactorCode('expiry@example.com');
    t.smtp.mails.length = 0;
    const secondBrowser = new CookieJar();
    await login('expiry@example.com', STRONG_PASSWORD, secondBrowser);
    const secondCode = await twoFactorCode('expiry@example.com');
    const verify = (browser: CookieJar, code: string) =>
      t.request('POST', '/api/auth/2fa/verify', { jar: browser, body: { code, userId: user._id } });
    expect((await verify(firstBrowser, firstCode)).statusCode).toBe(400);
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await verify(secondBrowser, secondCode)).statusCode).toBe(400);
  });

  it('validates the code format and the user id', async () => {
    const bad = await t.request('POST', '/api/auth/2fa/verify', { body: { code: '12a456', userId: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ code: 'Code must be exactly 6 digits.', userId: 'Must be a valid id.' });
  });
});

describe('sessions', () => {
  it('answers 401 InvalidAccessToken without a session, and with a tampered token', async () => {
    const none = await t.request('GET', '/api/user');
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe('InvalidAccessToken');
    const { jar } = await t.signUpVerified('tamper@example.com');
    const token = jar.get('accessToken') ?? '';
    jar.set('accessToken', `${token.slice(0, -2)}xx`);
    expect((await t.request('GET', '/api/user', { jar })).json().errorCode).toBe('InvalidAccessToken');
  });

  it('expires the access token after 15 minutes and renews it with the refresh token', async () => {
    const { jar } = await t.signUpVerified('refresh@example.com');
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await t.request('GET', '/api/user', { jar })).json().errorCode).toBe('InvalidAccessToken');
    const oldRefresh = jar.get('refreshToken');
    const refreshed = await t.request('GET', '/api/auth/refresh', { jar });
    expect(refreshed.statusCode).toBe(200);
    expect(jar.get('refreshToken')).not.toBe(oldRefresh);
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token is used again after the grace window', async () => {
    const { jar } = await t.signUpVerified('reuse@example.com');
    const stolen = jar.get('refreshToken') ?? '';
    expect((await t.request('GET', '/api/auth/refresh', { jar })).statusCode).toBe(200);
    t.clock.advance(31_000);
    const thief = new CookieJar();
    thief.set('refreshToken', stolen);
    const reuse = await t.request('GET', '/api/auth/refresh', { jar: thief });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().errorCode).toBe('InvalidRefreshToken');
    // The owner's newer tokens die with the session.
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar })).statusCode).toBe(401);
  });

  it('two tabs refreshing with the same token at once both stay signed in, with the same new pair', async () => {
    const { jar } = await t.signUpVerified('two-tabs@example.com');
    const tabA = new CookieJar();
    const tabB = new CookieJar();
    for (const tab of [tabA, tabB]) tab.set('refreshToken', jar.get('refreshToken') ?? '');
    const [a, b] = await Promise.all([
      t.request('GET', '/api/auth/refresh', { jar: tabA }),
      t.request('GET', '/api/auth/refresh', { jar: tabB }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(tabA.get('refreshToken')).toBeTruthy();
    expect(tabA.get('refreshToken')).toBe(tabB.get('refreshToken'));
    expect(tabA.get('refreshToken')).not.toBe(jar.get('refreshToken'));
    for (const tab of [tabA, tabB]) expect((await t.request('GET', '/api/user', { jar: tab })).statusCode).toBe(200);
    // The shared new token goes on rotating normally.
    expect((await t.request('GET', '/api/auth/refresh', { jar: tabA })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar: tabA })).statusCode).toBe(200);
  });

  it('ends sessions after 30 days however often they are refreshed', async () => {
    const { jar } = await t.signUpVerified('absolute@example.com');
    for (let day = 0; day < 3; day += 1) {
      t.clock.advance(10 * 24 * 60 * 60 * 1000);
      const response = await t.request('GET', '/api/auth/refresh', { jar });
      if (day < 2) expect(response.statusCode).toBe(200);
      else expect(response.statusCode).toBe(401);
    }
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const { jar } = await t.signUpVerified('logout@example.com');
    const copy = new CookieJar();
    copy.set('accessToken', jar.get('accessToken') ?? '');
    copy.set('refreshToken', jar.get('refreshToken') ?? '');
    const out = await t.request('GET', '/api/auth/logout', { jar });
    expect(out.statusCode).toBe(200);
    expect(jar.get('accessToken')).toBeUndefined();
    expect((await t.request('GET', '/api/user', { jar: copy })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar: copy })).statusCode).toBe(401);
  });

  it('logout with only the access cookie still ends the session, refresh token included', async () => {
    const { jar } = await t.signUpVerified('logout-access@example.com');
    const accessOnly = new CookieJar();
    accessOnly.set('accessToken', jar.get('accessToken') ?? '');
    expect((await t.request('GET', '/api/auth/logout', { jar: accessOnly })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar })).statusCode).toBe(401);
  });
});
