import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, totpCredentials, users } from '../../../db/schema/index.js';
import { ensureUser } from '../../../seed/ensure-users.js';
import { signInAgain } from '../../../test/card-helpers.js';
import { CookieJar } from '../../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../../test/test-app.js';
import { totpAt } from './totp.js';

/** Turning the e-mail code off is a step-up change: the password and the mailed step-up code. */
async function mailedStepUpCode(jar: CookieJar, email: string): Promise<string> {
  const before = t.smtp.mails.length;
  await t.request('POST', '/api/user/step-up/code', { jar });
  // A new mail, not an earlier code that is already used.
  const mail = await t.smtp.waitFor(
    (m) => t.smtp.mails.indexOf(m) >= before && m.to === email && m.subject.includes('Your security code'),
  );
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
}

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(async () => {
  await t.close();
});

const STEP_MS = 30_000;
/** The code the user's phone shows now; each use moves the clock one step on, as a person a little later would. */
function phone(secret: string) {
  return () => {
    t.clock.advance(STEP_MS);
    return totpAt(secret, t.deps.now());
  };
}

async function enrolled(email: string) {
  const { jar, user } = await t.signUpVerified(email);
  const enrol = await t.request('POST', '/api/user/totp/enrol', { jar, body: { password: STRONG_PASSWORD } });
  expect(enrol.statusCode).toBe(200);
  const { secret, otpauthUri } = enrol.json();
  expect(otpauthUri).toContain(`secret=${secret}`);
  const confirm = await t.request('POST', '/api/user/totp/confirm', {
    jar,
    body: { code: totpAt(secret, t.deps.now()) },
  });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = confirm.json();
  return { jar, user, secret, recoveryCodes: recoveryCodes as string[], next: phone(secret) };
}

async function startLogin(email: string, password = STRONG_PASSWORD) {
  const jar = new CookieJar();
  const response = await t.request('POST', '/api/auth/login', { jar, body: { email, password } });
  expect(response.statusCode).toBe(200);
  return { jar, body: response.json() };
}

const verify = (jar: CookieJar, userId: string, code: string) =>
  t.request('POST', '/api/auth/2fa/verify', { jar, body: { code, userId } });

describe('setting up the authenticator app', () => {
  it('is on only after a current code confirms it, and then answers 10 recovery codes once', async () => {
    const { jar } = await t.signUpVerified('enrol@example.com');
    expect((await t.request('GET', '/api/user/totp', { jar })).json()).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const enrol = await t.request('POST', '/api/user/totp/enrol', { jar, body: { password: STRONG_PASSWORD } });
    expect(enrol.headers['cache-control']).toBe('no-store');
    const { secret } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await t.request('GET', '/api/user/totp', { jar })).json()).toMatchObject({ enabled: false, pending: true });
    // Pending is not on: login still needs no code.
    expect((await startLogin('enrol@example.com')).body.isTwoFactorRequired).toBe(false);

    const wrongCode = totpAt(secret, new Date(t.deps.now().getTime() + 5 * STEP_MS));
    const wrong = await t.request('POST', '/api/user/totp/confirm', { jar, body: { code: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('InvalidCode');

    const confirm = await t.request('POST', '/api/user/totp/confirm', {
      jar,
      body: { code: totpAt(secret, t.deps.now()) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await t.request('GET', '/api/user/totp', { jar })).json()).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
    });
    // Once on, a second enrolment cannot swap the secret under the user.
    expect(
      (await t.request('POST', '/api/user/totp/enrol', { jar, body: { password: STRONG_PASSWORD } })).statusCode,
    ).toBe(400);
  });

  it('keeps the secret sealed at rest and out of every later answer and the log', async () => {
    const { jar, user, secret, recoveryCodes, next } = await enrolled('sealed@example.com');
    const [row] = await t.deps.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user._id));
    expect(row?.secretSealed).toBeTruthy();
    expect(row?.secretSealed).not.toContain(secret);
    expect(Buffer.from(row?.secretSealed ?? '', 'base64').toString('latin1')).not.toContain(secret);
    const code = next();
    const { jar: browser, body } = await startLogin('sealed@example.com');
    expect((await verify(browser, body.userId, code)).statusCode).toBe(200);
    for (const path of ['/api/user', '/api/user/totp']) {
      expect((await t.request('GET', path, { jar })).body).not.toContain(secret);
    }
    const everything = logLines.join('\n');
    expect(everything.length).toBeGreaterThan(0);
    expect(everything).not.toContain(secret);
    // As a whole token: six digits inside a timestamp or a duration are not the code.
    expect(everything).not.toMatch(new RegExp(`(?<![\\w.])${code}(?![\\w.])`));
    for (const recovery of recoveryCodes) expect(everything).not.toContain(recovery);
  });
  it('turning it on or off signs out every other session, not this one', async () => {
    const { jar } = await t.signUpVerified('sessions-totp@example.com');
    const other = await signInAgain(t, 'sessions-totp@example.com');
    const { secret } = (
      await t.request('POST', '/api/user/totp/enrol', { jar, body: { password: STRONG_PASSWORD } })
    ).json();
    const next = phone(secret);
    expect((await t.request('POST', '/api/user/totp/confirm', { jar, body: { code: next() } })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar: other })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(200);

    const { jar: third, body } = await startLogin('sessions-totp@example.com');
    expect((await verify(third, body.userId, next())).statusCode).toBe(200);
    const off = await t.request('POST', '/api/user/totp/disable', {
      jar,
      body: { password: STRONG_PASSWORD, code: next() },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar: third })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(200);
  });
});

describe('signing in with the authenticator app', () => {
  it('asks for the authenticator code instead of mailing one, refuses a wrong code and a replayed one', async () => {
    const { user, next } = await enrolled('login-totp@example.com');
    const mailsBefore = t.smtp.mails.length;
    const { jar, body } = await startLogin('login-totp@example.com');
    expect(body).toMatchObject({ isTwoFactorRequired: true, userId: user._id, twoFactorMethods: ['totp'] });
    expect(jar.header()).not.toContain('accessToken');
    await t.smtp.settle();
    expect(t.smtp.mails.length).toBe(mailsBefore);

    const code = next();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await verify(jar, user._id, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect code. 4 attempts left.');
    const right = await verify(jar, user._id, code);
    expect(right.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar })).json().email).toBe('login-totp@example.com');

    // The same code, seconds later, from a second sign-in: refused, though it is still inside its window.
    const again = await startLogin('login-totp@example.com');
    const replay = await verify(again.jar, user._id, code);
    expect(replay.statusCode).toBe(400);
    expect((await t.request('GET', '/api/user', { jar: again.jar })).statusCode).toBe(401);
  });

  it('refuses the authenticator code without the browser that passed the password step', async () => {
    const { user, next } = await enrolled('no-challenge@example.com');
    await startLogin('no-challenge@example.com');
    const stranger = new CookieJar();
    expect((await verify(stranger, user._id, next())).statusCode).toBe(400);
    expect((await t.request('GET', '/api/user', { jar: stranger })).statusCode).toBe(401);
  });

  it('takes each recovery code once, and audits its use', async () => {
    const { user, recoveryCodes } = await enrolled('recovery@example.com');
    const [first] = recoveryCodes;
    const { jar, body } = await startLogin('recovery@example.com');
    const used = await verify(jar, body.userId, (first ?? '').toUpperCase());
    expect(used.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user/totp', { jar })).json().recoveryCodesLeft).toBe(9);
    const second = await startLogin('recovery@example.com');
    expect((await verify(second.jar, body.userId, first ?? '')).statusCode).toBe(400);
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user._id), eq(auditLog.action, 'auth.recovery_code_used')));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.details).toEqual({ left: 9 });
  });

  it('mails a code instead only when the e-mail code is on too', async () => {
    const both = await enrolled('both@example.com');
    expect((await t.request('PATCH', '/api/user/2fa', { jar: both.jar, body: { enabled: true } })).statusCode).toBe(
      200,
    );
    const { jar, body } = await startLogin('both@example.com');
    expect(body.twoFactorMethods).toEqual(['totp', 'email']);
    expect(
      (await t.request('POST', '/api/auth/2fa/email', { jar: new CookieJar(), body: { userId: body.userId } }))
        .statusCode,
    ).toBe(400);
    const seen = new Set(t.smtp.mails);
    const asked = await t.request('POST', '/api/auth/2fa/email', { jar, body: { userId: body.userId } });
    expect(asked.statusCode).toBe(200);
    const mail = await t.smtp.waitFor((m) => !seen.has(m) && m.to === 'both@example.com');
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect((await verify(jar, body.userId, code)).statusCode).toBe(200);

    await enrolled('only-totp@example.com');
    const only = await startLogin('only-totp@example.com');
    const refused = await t.request('POST', '/api/auth/2fa/email', {
      jar: only.jar,
      body: { userId: only.body.userId },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('E-mail codes are off for this account. Use your authenticator app.');
  });
});

describe('turning it off and renewing recovery codes', () => {
  it('needs the password and a current code; then sign-in asks for no code', async () => {
    const { jar, user, next } = await enrolled('disable@example.com');
    const wrongPassword = await t.request('POST', '/api/user/totp/disable', {
      jar,
      body: { password: 'Not-The-Password-1', code: next() },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: 'Your password is incorrect.' });
    const noCode = await t.request('POST', '/api/user/totp/disable', { jar, body: { password: STRONG_PASSWORD } });
    expect(noCode.statusCode).toBe(400);
    const wrongCode = await t.request('POST', '/api/user/totp/disable', {
      jar,
      body: { password: STRONG_PASSWORD, code: '000000' === next() ? '111111' : '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect((await t.request('GET', '/api/user/totp', { jar })).json().enabled).toBe(true);

    const off = await t.request('POST', '/api/user/totp/disable', {
      jar,
      body: { password: STRONG_PASSWORD, code: next() },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user/totp', { jar })).json()).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
    expect((await startLogin('disable@example.com')).body.isTwoFactorRequired).toBe(false);
    const [row] = await t.deps.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user._id));
    expect(row).toBeUndefined();
  });

  it('renews recovery codes with the password and a code; the old ones stop working', async () => {
    const { jar, recoveryCodes, next } = await enrolled('renew@example.com');
    const renewed = await t.request('POST', '/api/user/totp/recovery-codes', {
      jar,
      body: { password: STRONG_PASSWORD, code: next() },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    const login = await startLogin('renew@example.com');
    expect((await verify(login.jar, login.body.userId, recoveryCodes[0] ?? '')).statusCode).toBe(400);
    expect((await verify(login.jar, login.body.userId, fresh[0] ?? '')).statusCode).toBe(200);
    const unauthenticated = await t.request('POST', '/api/user/totp/recovery-codes', {
      body: { password: STRONG_PASSWORD, code: next() },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('administrators keep a second factor', () => {
  it('creates admins with the e-mail code on, and turns it on when a user is promoted', async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'new-admin@example.com', password: STRONG_PASSWORD });
    const { user } = await t.signUpVerified('promoted@example.com');
    await ensureUser(t.deps, { role: 'admin', email: 'promoted@example.com', password: STRONG_PASSWORD });
    const rows = await t.deps.db
      .select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: 'new-admin@example.com', twoFactorEnabled: true },
        { email: 'promoted@example.com', twoFactorEnabled: true },
      ]),
    );
    expect((await startLogin('promoted@example.com')).body).toMatchObject({
      isTwoFactorRequired: true,
      userId: user._id,
      twoFactorMethods: ['email'],
    });
  });

  it('refuses an admin turning off their last factor, by either switch; allows it once the other is on', async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'last-factor@example.com', password: STRONG_PASSWORD });
    const jar = await signInAgain(t, 'last-factor@example.com');
    const me = (await t.request('GET', '/api/user', { jar })).json();
    const own = await t.request('PATCH', '/api/user/2fa', {
      jar,
      body: { enabled: false, currentPassword: STRONG_PASSWORD, code: await mailedStepUpCode(jar, me.email) },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'Administrators must keep two-factor authentication on. Turn on the other method first.',
    );
    const viaConsole = await t.request('PATCH', `/api/admin/2fa/${me._id}`, { jar, body: { enabled: false } });
    expect(viaConsole.statusCode).toBe(403);
    expect((await t.request('GET', '/api/user', { jar })).json().isTwoFactorEnabled).toBe(true);

    const { secret } = (
      await t.request('POST', '/api/user/totp/enrol', {
        jar,
        body: { password: STRONG_PASSWORD, code: await mailedStepUpCode(jar, me.email) },
      })
    ).json();
    const next = phone(secret);
    await t.request('POST', '/api/user/totp/confirm', { jar, body: { code: next() } });
    const emailOff = await t.request('PATCH', '/api/user/2fa', {
      jar,
      body: { enabled: false, currentPassword: STRONG_PASSWORD, code: await mailedStepUpCode(jar, me.email) },
    });
    expect(emailOff.statusCode).toBe(200);

    // Now the authenticator is the last factor: it stays.
    const drop = await t.request('POST', '/api/user/totp/disable', {
      jar,
      body: { password: STRONG_PASSWORD, code: next() },
    });
    expect(drop.statusCode).toBe(403);
    expect((await t.request('GET', '/api/user/totp', { jar })).json().enabled).toBe(true);
    const login = await startLogin('last-factor@example.com');
    expect(login.body.twoFactorMethods).toEqual(['totp']);
  });

  it("refuses an admin turning off another admin's 2FA, and audits the try", async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'first-admin@example.com', password: STRONG_PASSWORD });
    await ensureUser(t.deps, { role: 'admin', email: 'second-admin@example.com', password: STRONG_PASSWORD });
    const first = await signInAgain(t, 'first-admin@example.com');
    const second = await signInAgain(t, 'second-admin@example.com');
    const secondId = (await t.request('GET', '/api/user', { jar: second })).json()._id;
    const off = await t.request('PATCH', `/api/admin/2fa/${secondId}`, { jar: first, body: { enabled: false } });
    expect(off.statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, secondId));
    expect(row?.twoFactorEnabled).toBe(true);
    const refused = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, secondId), eq(auditLog.action, 'admin.action_refused')));
    expect(refused).toHaveLength(1);
  });
});

describe('the migration and races', () => {
  it('migration 0010 turns the e-mail code on for every admin that had no second factor', async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'old-admin@example.com', password: STRONG_PASSWORD });
    const { user } = await t.signUpVerified('old-user@example.com');
    // As an admin made before this migration was: no second factor.
    await t.deps.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.email, 'old-admin@example.com'));
    const file = new URL('../../../db/migrations/0010_totp.sql', import.meta.url);
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
    const update = statements.find((statement) => statement.includes('UPDATE "users"'));
    expect(update).toBeDefined();
    await t.deps.db.execute(sql.raw(update ?? ''));
    const rows = await t.deps.db
      .select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(inArray(users.email, ['old-admin@example.com', 'old-user@example.com']));
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: 'old-admin@example.com', twoFactorEnabled: true },
        { email: 'old-user@example.com', twoFactorEnabled: false },
      ]),
    );
    expect(user.email).toBe('old-user@example.com');
  });

  it('lets only one of two simultaneous switches-off through for an admin with both factors', async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'racing-admin@example.com', password: STRONG_PASSWORD });
    const jar = await signInAgain(t, 'racing-admin@example.com');
    const { secret } = (
      await t.request('POST', '/api/user/totp/enrol', {
        jar,
        body: { password: STRONG_PASSWORD, code: await mailedStepUpCode(jar, 'racing-admin@example.com') },
      })
    ).json();
    const next = phone(secret);
    await t.request('POST', '/api/user/totp/confirm', { jar, body: { code: next() } });
    const stepUpCode = await mailedStepUpCode(jar, 'racing-admin@example.com');
    const [emailOff, appOff] = await Promise.all([
      t.request('PATCH', '/api/user/2fa', {
        jar,
        body: { enabled: false, currentPassword: STRONG_PASSWORD, code: stepUpCode },
      }),
      t.request('POST', '/api/user/totp/disable', { jar, body: { password: STRONG_PASSWORD, code: next() } }),
    ]);
    expect([emailOff.statusCode, appOff.statusCode].sort()).toEqual([200, 403]);
    const me = (await t.request('GET', '/api/user', { jar })).json();
    const app = (await t.request('GET', '/api/user/totp', { jar })).json();
    expect(me.isTwoFactorEnabled || app.enabled).toBe(true);
  });
});
