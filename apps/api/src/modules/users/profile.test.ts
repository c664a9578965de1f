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

describe('GET /api/user and two-factor switch', () => {
  it('answers the user in the spec shape and toggles two-factor both ways', async () => {
    const { jar, user } = await t.signUpVerified('shape@example.com');
    const me = (await t.request('GET', '/api/user', { jar })).json();
    expect(Object.keys(me).sort()).toEqual(
      [
        '_id',
        'balance',
        'cardholderId',
        'createdAt',
        'email',
        'isSuspended',
        'isTwoFactorEnabled',
        'role',
        'updatedAt',
        'verified',
      ].sort(),
    );
    expect(me._id).toBe(user._id);
    expect(me.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(me).not.toHaveProperty('passwordHash');
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    expect((await t.request('GET', '/api/user', { jar })).json().isTwoFactorEnabled).toBe(true);
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: false, currentPassword: STRONG_PASSWORD } });
    expect((await t.request('GET', '/api/user', { jar })).json().isTwoFactorEnabled).toBe(true);
    await t.request('POST', '/api/user/step-up/code', { jar });
    const code = (await t.smtp.latest(user.email, 'Your security code')).text.match(/\b(\d{6})\b/)?.[1];
    await t.request('PATCH', '/api/user/2fa', {
      jar,
      body: { enabled: false, currentPassword: STRONG_PASSWORD, code },
    });
    expect((await t.request('GET', '/api/user', { jar })).json().isTwoFactorEnabled).toBe(false);
    const bad = await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('enabled must be true or false.');
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { jar } = await t.signUpVerified('changepw@example.com');
    const other = new CookieJar();
    await t.request('POST', '/api/auth/login', {
      jar: other,
      body: { email: 'changepw@example.com', password: STRONG_PASSWORD },
    });

    const wrong = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { currentPassword: 'Not-It-123', newPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Your current password is incorrect.',
      fields: { currentPassword: 'Your current password is incorrect.' },
    });

    const weak = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { currentPassword: STRONG_PASSWORD, newPassword: 'short' },
    });
    expect(weak.json().message).toBe('Password does not meet the strength requirements.');

    const ok = await t.request('POST', '/api/user/update/password', {
      jar,
      body: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toContain('password has been changed');
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar: other })).statusCode).toBe(401);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: 'changepw@example.com', password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('change e-mail with a code sent to the new address', () => {
  it('mails a 6-digit code to the new address, switches on the right code and tells the old address', async () => {
    const { jar } = await t.signUpVerified('old@example.com');
    const init = await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'New@Example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(init.statusCode).toBe(200);
    expect(init.json().message).toBe('If new@example.com can be used, we sent a 6-digit code to it.');
    const mail = await t.smtp.latest('new@example.com', 'Confirm your new e-mail');
    const otp = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';

    const wrong = await t.request('POST', '/api/user/update/email/verify', {
      jar,
      body: { otp: otp === '123456' ? '654321' : '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect code. 4 attempts left.');

    const ok = await t.request('POST', '/api/user/update/email/verify', { jar, body: { otp } });
    expect(ok.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar })).json().email).toBe('new@example.com');
    const notice = await t.smtp.latest('old@example.com', 'Your e-mail address was changed');
    expect(notice.text).toContain('new@example.com');
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: 'new@example.com', password: STRONG_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: 'old@example.com', password: STRONG_PASSWORD } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers an address in use like a free one (its owner is told), refuses the current or a bad address', async () => {
    await t.signUpVerified('someone@example.com');
    const { jar } = await t.signUpVerified('me@example.com');
    const taken = await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'someone@example.com', currentPassword: STRONG_PASSWORD },
    });
    const free = await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'nobody-yet@example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ message: 'If someone@example.com can be used, we sent a 6-digit code to it.' });
    expect(free.statusCode).toBe(taken.statusCode);
    expect(free.json().message.replace('nobody-yet', 'someone')).toBe(taken.json().message);
    await t.smtp.latest('someone@example.com', 'Someone tried to use your address');
    expect(
      (
        await t.request('POST', '/api/user/update/email/init', {
          jar,
          body: { newEmail: 'ME@example.com', currentPassword: STRONG_PASSWORD },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request('POST', '/api/user/update/email/init', {
          jar,
          body: { newEmail: 'nope', currentPassword: STRONG_PASSWORD },
        })
      ).json().message,
    ).toBe('Enter a valid e-mail address.');
    expect(
      (await t.request('POST', '/api/user/update/email/verify', { jar, body: { otp: '12345' } })).json().message,
    ).toBe('Code must be exactly 6 digits.');
    expect(
      (await t.request('POST', '/api/user/update/email/verify', { jar, body: { otp: '123456' } })).json().errorCode,
    ).toBe('InvalidCode');
  });

  it('expires the code after 10 minutes and limits how many codes are sent', async () => {
    const { jar } = await t.signUpVerified('slow@example.com');
    await t.request('POST', '/api/user/update/email/init', {
      jar,
      body: { newEmail: 'slow-new@example.com', currentPassword: STRONG_PASSWORD },
    });
    const mail = await t.smtp.latest('slow-new@example.com', 'Confirm your new e-mail');
    const otp = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await t.request('POST', '/api/user/update/email/verify', { jar, body: { otp } })).statusCode).toBe(400);

    const { jar: spammer } = await t.signUpVerified('spam@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await t.request('POST', '/api/user/update/email/init', {
            jar: spammer,
            body: { newEmail: `spam-${i}@example.com`, currentPassword: STRONG_PASSWORD },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('needs a session for every profile call', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['PATCH', '/api/user/2fa'],
      ['POST', '/api/user/update/password'],
      ['POST', '/api/user/update/email/init'],
      ['POST', '/api/user/update/email/verify'],
    ] as const) {
      const response = await t.request(method, url, { body: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
