import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_DELAY, loginDelayMs } from '../../lib/login-delay.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

// Guessing someone else's password or sign-in code must cost the guesser, never lock the owner out.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'Wrong-Password-1';
const login = (email: string, password: string, ip = freshIp(), jar = new CookieJar()) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, jar, ip });
const guessCode = (userId: string, ip = freshIp(), jar?: CookieJar, code = '000000') =>
  t.request('POST', '/api/auth/2fa/verify', { body: { code, userId }, ip, ...(jar ? { jar } : {}) });
const twoFactorCode = async (email: string) => {
  const mail = await t.smtp.latest(email, 'Your sign-in code');
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
};
const withTwoFactor = async (email: string) => {
  const { jar, user } = await t.signUpVerified(email);
  await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
  return user;
};
/** `count` wrong passwords, each sent once the account's delay allows it, so every one is a counted failure. */
const failLogins = async (email: string, count: number, ip?: () => string) => {
  for (let i = 0; i < count; i += 1) {
    t.clock.advance(loginDelayMs(i));
    const response = await login(email, WRONG, ip?.());
    expect(response.statusCode).toBe(401);
  }
};

describe('two-factor code guesses', () => {
  it('ten guesses without the challenge cookie do not stop the real user', async () => {
    const user = await withTwoFactor('cookieless@example.com');
    for (let i = 0; i < 10; i += 1) expect((await guessCode(user._id)).statusCode).toBe(400);
    const owner = new CookieJar();
    expect((await login('cookieless@example.com', STRONG_PASSWORD, undefined, owner)).statusCode).toBe(200);
    // While the owner's challenge is open, guesses without it are refused and use none of its tries.
    for (let i = 0; i < 10; i += 1) {
      const guess = await guessCode(user._id);
      expect(guess.statusCode).toBe(400);
      expect(guess.json().message).toContain('Sign in again');
    }
    const code = await twoFactorCode('cookieless@example.com');
    expect((await guessCode(user._id, freshIp(), owner, code)).statusCode).toBe(200);
  });

  it('a challenge that used up its tries is dead; signing in again gives one that works', async () => {
    const user = await withTwoFactor('dead-challenge@example.com');
    const first = new CookieJar();
    await login('dead-challenge@example.com', STRONG_PASSWORD, undefined, first);
    const firstCode = await twoFactorCode('dead-challenge@example.com');
    const wrong = firstCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await guessCode(user._id, freshIp(), first, wrong);
    expect((await guessCode(user._id, freshIp(), first, firstCode)).json().message).toContain('Sign in again');
    t.smtp.mails.length = 0;
    const second = new CookieJar();
    await login('dead-challenge@example.com', STRONG_PASSWORD, undefined, second);
    const secondCode = await twoFactorCode('dead-challenge@example.com');
    expect((await guessCode(user._id, freshIp(), second, secondCode)).statusCode).toBe(200);
  });

  it('stops one address after 30 guesses, whoever it aims at', async () => {
    const user = await withTwoFactor('ip-guesser@example.com');
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) expect((await guessCode(user._id, ip)).statusCode).toBe(400);
    const stopped = await guessCode(user._id, ip);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // The user, elsewhere, is untouched.
    const owner = new CookieJar();
    await login('ip-guesser@example.com', STRONG_PASSWORD, undefined, owner);
    const code = await twoFactorCode('ip-guesser@example.com');
    expect((await guessCode(user._id, freshIp(), owner, code)).statusCode).toBe(200);
  });
});

describe('password guesses', () => {
  it('ten wrong passwords from one address stop that address, and the owner signs in elsewhere after the delay', async () => {
    await t.signUpVerified('targeted-login@example.com');
    const stranger = freshIp();
    await failLogins('targeted-login@example.com', 10, () => stranger);
    t.clock.advance(loginDelayMs(10));
    // The stranger's address has used its ten tries at this account, even with the right password.
    const strangerAgain = await login('targeted-login@example.com', STRONG_PASSWORD, stranger);
    expect(strangerAgain.statusCode).toBe(429);
    // The delay after ten failures has passed (the refused try did not count), so the owner gets in.
    const owner = await login('targeted-login@example.com', STRONG_PASSWORD, freshIp());
    expect(owner.statusCode).toBe(200);
  });

  it('answers a readable 429 with Retry-After during the delay, and the delay grows to its cap', async () => {
    await t.signUpVerified('growing@example.com');
    await failLogins('growing@example.com', LOGIN_DELAY.freeFailures, freshIp);
    const waits: number[] = [];
    for (let failures = LOGIN_DELAY.freeFailures; failures < 16; failures += 1) {
      const refused = await login('growing@example.com', STRONG_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many failed sign-ins for this account\. Wait \d+ seconds? and/);
      waits.push(Number(refused.headers['retry-after']));
      t.clock.advance(loginDelayMs(failures));
      expect((await login('growing@example.com', WRONG)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
  });

  it('a successful sign-in resets the count', async () => {
    await t.signUpVerified('reset-count@example.com');
    await failLogins('reset-count@example.com', 9, freshIp);
    t.clock.advance(loginDelayMs(9));
    expect((await login('reset-count@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    // Five free failures again, at once.
    for (let i = 0; i < LOGIN_DELAY.freeFailures; i += 1) {
      expect((await login('reset-count@example.com', WRONG)).statusCode).toBe(401);
    }
    expect((await login('reset-count@example.com', WRONG)).statusCode).toBe(429);
  });

  it('slows unknown addresses alike, in any letter case, so a 429 tells nothing', async () => {
    await failLogins('Nobody-Here@example.com', LOGIN_DELAY.freeFailures, freshIp);
    const refused = await login('nobody-here@EXAMPLE.com', WRONG);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
  });
});

describe('an outsider cannot keep the owner out (issue 17, finding 2)', () => {
  /** Wrong passwords from one address until the account's delay is running, as the reported attack did. */
  async function keepTheDelayRunning(email: string) {
    const stranger = freshIp();
    await failLogins(email, LOGIN_DELAY.freeFailures + 1, () => stranger);
    expect((await login(email, WRONG, stranger)).statusCode).toBe(429);
  }

  it('signs the owner in from a device that signed in before, however the delay runs, and only that device', async () => {
    const email = 'kept-out@example.com';
    await t.signUpVerified(email);
    const laptop = new CookieJar();
    expect((await login(email, STRONG_PASSWORD, freshIp(), laptop)).statusCode).toBe(200);
    expect(laptop.get('knownDevice')).toMatch(/^[A-Za-z0-9_-]{22}\.k[0-9a-f]{8}-[0-9a-f]{32}$/);
    await t.request('GET', '/api/auth/logout', { jar: laptop });

    await keepTheDelayRunning(email);
    // The owner's right password from another address, on the laptop: in, every time the stranger tries again.
    for (let round = 0; round < 3; round += 1) {
      const owner = await login(email, STRONG_PASSWORD, freshIp(), laptop);
      expect(owner.statusCode).toBe(200);
      await t.request('GET', '/api/auth/logout', { jar: laptop });
      await keepTheDelayRunning(email);
    }
    // A browser that never signed in to this account still waits: the delay keeps slowing strangers.
    expect((await login(email, STRONG_PASSWORD, freshIp())).statusCode).toBe(429);
  });

  it("does not take another account's device cookie, nor a forged one", async () => {
    await t.signUpVerified('device-owner@example.com');
    await t.signUpVerified('device-target@example.com');
    const browser = new CookieJar();
    expect((await login('device-owner@example.com', STRONG_PASSWORD, freshIp(), browser)).statusCode).toBe(200);
    await keepTheDelayRunning('device-target@example.com');
    expect((await login('device-target@example.com', STRONG_PASSWORD, freshIp(), browser)).statusCode).toBe(429);
    const [deviceId] = (browser.get('knownDevice') ?? '').split('.');
    const forged = new CookieJar();
    forged.set('knownDevice', `${deviceId}.k00000000-${'0'.repeat(32)}`);
    expect((await login('device-target@example.com', STRONG_PASSWORD, freshIp(), forged)).statusCode).toBe(429);
  });

  it('keeps the per-address limits for a known device', async () => {
    const email = 'known-but-limited@example.com';
    await t.signUpVerified(email);
    const device = new CookieJar();
    expect((await login(email, STRONG_PASSWORD, freshIp(), device)).statusCode).toBe(200);
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await login(email, WRONG, ip, device)).statusCode).toBe(401);
    expect((await login(email, WRONG, ip, device)).statusCode).toBe(429);
  });

  it("clears the account's delay when the password is reset, and knows the browser that reset it", async () => {
    const email = 'reset-clears@example.com';
    await t.signUpVerified(email);
    await keepTheDelayRunning(email);
    await t.request('POST', '/api/auth/password/forgot', { body: { email } });
    const mail = await t.smtp.latest(email, 'Reset your password');
    const code = mail.text.match(/\/password\/reset\?code=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const resetter = new CookieJar();
    const reset = await t.request('POST', '/api/auth/password/reset', {
      jar: resetter,
      body: { password: 'Brand-New-Secret-77', verificationCode: code },
    });
    expect(reset.statusCode).toBe(200);
    expect(resetter.get('knownDevice')).toBeTruthy();
    // Any browser gets in at once: the count is gone.
    expect((await login(email, 'Brand-New-Secret-77', freshIp())).statusCode).toBe(200);
  });
});
