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

const NEW_PASSWORD = 'Fresh-Password-55';
const WRONG = 'Not-The-Password-1';

const me = async (jar: CookieJar) => (await t.request('GET', '/api/user', { jar })).json();

async function stepUpCode(jar: CookieJar, email: string) {
  const before = t.smtp.mails.length;
  expect((await t.request('POST', '/api/user/step-up/code', { jar })).statusCode).toBe(200);
  const mail = await t.smtp.waitFor(
    (m) => t.smtp.mails.indexOf(m) >= before && m.to === email && m.subject.includes('Your security code'),
  );
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
}

async function resetLink(email: string) {
  await t.request('POST', '/api/auth/password/forgot', { body: { email } });
  const mail = await t.smtp.latest(email, 'Reset your password');
  return mail.text.match(/\/password\/reset\?code=([A-Za-z0-9_-]+)/)?.[1] ?? '';
}

async function withTwoFactor(email: string) {
  const signed = await t.signUpVerified(email);
  await t.request('PATCH', '/api/user/2fa', { jar: signed.jar, body: { enabled: true } });
  return signed;
}

describe('step-up: a session alone cannot change e-mail, password or two-factor', () => {
  it('refuses an e-mail change without or with a wrong password (no code mailed), accepts the right one', async () => {
    const { jar } = await t.signUpVerified('su-email@example.com');
    const missing = await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'su-email-new@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Current password is required.');
    const wrong = await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'su-email-new@example.com', currentPassword: WRONG },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Your current password is incorrect.' });
    await t.smtp.settle();
    expect(t.smtp.mails.some((mail) => mail.to === 'su-email-new@example.com')).toBe(false);

    const ok = await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'su-email-new@example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    await t.smtp.latest('su-email-new@example.com', 'Confirm your new e-mail');
  });

  it('refuses a password change with a wrong password and leaves the old one working', async () => {
    const { jar } = await t.signUpVerified('su-pw@example.com');
    const wrong = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { currentPassword: WRONG, newPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: 'su-pw@example.com', password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('with two-factor on, asks for the mailed code too: none, a wrong one and a login code do not do', async () => {
    const { jar, user } = await withTwoFactor('su-2fa@example.com');
    const body = { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD };

    const noCode = await t.request('POST', '/api/user/update/password', { jar, body });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields).toEqual({ code: 'Enter the 6-digit code we sent to your e-mail.' });

    const code = await stepUpCode(jar, user.email);
    const wrongCode = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { ...body, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errorCode).toBe('InvalidCode');

    // The right code with a wrong password is refused too (and the password is what is reported).
    const wrongPassword = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { ...body, currentPassword: WRONG, code },
    });
    expect(wrongPassword.json().fields).toEqual({ currentPassword: 'Your current password is incorrect.' });

    const ok = await t.request('POST', '/api/user/update/password', { jar, body: { ...body, code } });
    expect(ok.statusCode).toBe(200);
    // A step-up code works once.
    const again = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { currentPassword: NEW_PASSWORD, newPassword: 'Third-Password-99', code },
    });
    expect(again.statusCode).toBe(400);
  });

  it('turning two-factor off needs the password and the code; a stolen session alone leaves it on', async () => {
    const { jar, user } = await withTwoFactor('su-off@example.com');
    for (const body of [{ enabled: false }, { enabled: false, currentPassword: WRONG }]) {
      expect((await t.request('PATCH', '/api/user/2fa', { jar, body })).statusCode).toBe(400);
    }
    expect(
      (await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: false, currentPassword: STRONG_PASSWORD } }))
        .statusCode,
    ).toBe(400);
    expect((await me(jar)).isTwoFactorEnabled).toBe(true);

    const code = await stepUpCode(jar, user.email);
    const off = await t.request('PATCH', '/api/user/2fa', {
      jar,
      body: { enabled: false, currentPassword: STRONG_PASSWORD, code },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(jar)).isTwoFactorEnabled).toBe(false);
  });

  it('a step-up code is not a sign-in code: it cannot finish a login', async () => {
    const { jar, user } = await withTwoFactor('su-cross@example.com');
    const login = await t.request('POST', '/api/auth/login', {
      jar: new CookieJar(),
      body: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(login.json().isTwoFactorRequired).toBe(true);
    const code = await stepUpCode(jar, user.email);
    const verify = await t.request('POST', '/api/auth/2fa/verify', { body: { userId: user._id, code } });
    expect(verify.statusCode).toBe(400);
  });
});

describe('a credential or e-mail change voids open codes and ends the other sessions', () => {
  it('an old reset link fails after an e-mail change', async () => {
    const { jar } = await t.signUpVerified('void-email@example.com');
    const code = await resetLink('void-email@example.com');
    await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'void-email-new@example.com', currentPassword: STRONG_PASSWORD },
    });
    const mail = await t.smtp.latest('void-email-new@example.com', 'Confirm your new e-mail');
    const otp = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect((await t.request('POST', '/api/user/update/email/verify', { jar, body: { otp } })).statusCode).toBe(200);

    const reset = await t.request('POST', '/api/auth/password/reset', {
      body: { password: NEW_PASSWORD, verificationCode: code },
    });
    expect(reset.statusCode).toBe(400);
    expect((await me(jar)).email).toBe('void-email-new@example.com');
  });

  it('an old reset link fails after a password change, and the other session can neither refresh nor read', async () => {
    const { jar } = await t.signUpVerified('void-pw@example.com');
    const other = new CookieJar();
    await t.request('POST', '/api/auth/login', {
      jar: other,
      body: { email: 'void-pw@example.com', password: STRONG_PASSWORD },
    });
    const code = await resetLink('void-pw@example.com');
    const changed = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);

    const reset = await t.request('POST', '/api/auth/password/reset', {
      body: { password: 'Attacker-Chosen-42', verificationCode: code },
    });
    expect(reset.statusCode).toBe(400);
    expect((await t.request('GET', '/api/user', { jar: other })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar: other })).statusCode).toBe(401);
    // The session that made the change goes on.
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/auth/refresh', { jar })).statusCode).toBe(200);
  });

  it('turning two-factor on ends the other sessions and voids an open reset link', async () => {
    const { jar } = await t.signUpVerified('void-2fa@example.com');
    const other = new CookieJar();
    await t.request('POST', '/api/auth/login', {
      jar: other,
      body: { email: 'void-2fa@example.com', password: STRONG_PASSWORD },
    });
    const code = await resetLink('void-2fa@example.com');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    expect((await t.request('GET', '/api/user', { jar: other })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(200);
    const reset = await t.request('POST', '/api/auth/password/reset', {
      body: { password: NEW_PASSWORD, verificationCode: code },
    });
    expect(reset.statusCode).toBe(400);
  });
});
