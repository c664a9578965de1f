import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.js';
import { ensureUser } from '../../../seed/ensure-users.js';
import { enrolAuthenticator, signInWithAuthenticator } from '../../../test/authenticator.js';
import { signInAgain } from '../../../test/card-helpers.js';
import { CookieJar } from '../../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../../test/test-app.js';

// Issue 17, finding 1: with only a stolen session cookie, an attacker enrolled an authenticator of their own; the
// owner's other sessions ended, their next sign-in asked for the attacker's authenticator, and nobody could undo it.

let t: TestApp;
let admin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'support@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'support@example.com');
});
afterAll(async () => {
  await t.close();
});

const enrol = (jar: CookieJar, body?: unknown) => t.request('POST', '/api/user/totp/enrol', { jar, body: body ?? {} });

async function mailedStepUpCode(jar: CookieJar, email: string) {
  const before = t.smtp.mails.length;
  await t.request('POST', '/api/user/step-up/code', { jar });
  const mail = await t.smtp.waitFor(
    (m) => t.smtp.mails.indexOf(m) >= before && m.to === email && m.subject.includes('Your security code'),
  );
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
}

describe('putting an authenticator on an account (issue 17, finding 1)', () => {
  it('refuses a session without the password, so a stolen cookie cannot enrol its own authenticator', async () => {
    const { jar } = await t.signUpVerified('stolen-session@example.com');
    const bare = await enrol(jar);
    expect(bare.statusCode).toBe(400);
    expect(bare.body).not.toMatch(/secret|otpauth/);
    const guessed = await enrol(jar, { password: 'Not-The-Password-1' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().fields).toHaveProperty('currentPassword');
    expect((await t.request('GET', '/api/user/totp', { jar })).json()).toMatchObject({
      enabled: false,
      pending: false,
    });
  });

  it('asks for the factor already on as well (the mailed code), then tells the owner by e-mail', async () => {
    const email = 'has-email-codes@example.com';
    const { jar } = await t.signUpVerified(email);
    await t.request('PATCH', '/api/user/2fa', { jar, body: { enabled: true } });
    const passwordOnly = await enrol(jar, { password: STRONG_PASSWORD });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().fields).toHaveProperty('code');
    await enrolAuthenticator(t, jar, { code: await mailedStepUpCode(jar, email) });
    const notice = await t.smtp.latest(email, 'A sign-in method was added');
    expect(notice.text).toContain('An authenticator app was just added');
  });

  it('asks for the current authenticator to replace it: off first, with a code from it', async () => {
    const { jar } = await t.signUpVerified('replace-app@example.com');
    const phone = await enrolAuthenticator(t, jar);
    expect((await enrol(jar, { password: STRONG_PASSWORD, code: phone.next() })).statusCode).toBe(400);
    const off = await t.request('POST', '/api/user/totp/disable', {
      jar,
      body: { password: STRONG_PASSWORD, code: phone.next() },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.smtp.latest('replace-app@example.com', 'A sign-in method was removed')).text).toContain(
      'The authenticator app was just removed',
    );
    await enrolAuthenticator(t, jar);
  });
});

describe("an admin resets a user's second factor (issue 17, finding 1)", () => {
  it('removes the authenticator, turns e-mail codes on, signs the user out, audits, and mails the user', async () => {
    const email = 'locked-out@example.com';
    const { jar, user } = await t.signUpVerified(email);
    await enrolAuthenticator(t, jar);
    const reset = await t.request('POST', `/api/admin/users/${user._id}/second-factor/reset`, { jar: admin });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ isTwoFactorEnabled: true });
    // Nothing in the answer signs anyone in, and the admin is still the admin.
    expect(reset.headers['set-cookie']).toBeUndefined();
    expect((await t.request('GET', '/api/user', { jar: admin })).json().email).toBe('support@example.com');
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(401);
    expect((await t.smtp.latest(email, 'Your two-step sign-in was reset')).to).toBe(email);
    const [record] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.second_factor_reset'), eq(auditLog.targetUserId, user._id)));
    expect(record?.details).toMatchObject({ authenticator: true, passkeys: 0 });

    // The user signs in with the password and a code mailed to their own inbox, then sets up a new authenticator.
    const browser = new CookieJar();
    const login = await t.request('POST', '/api/auth/login', {
      jar: browser,
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.json()).toMatchObject({ isTwoFactorRequired: true, twoFactorMethods: ['email'] });
    const code = (await t.smtp.latest(email, 'Your sign-in code')).text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const verified = await t.request('POST', '/api/auth/2fa/verify', {
      jar: browser,
      body: { code, userId: user._id },
    });
    expect(verified.statusCode).toBe(200);
    const phone = await enrolAuthenticator(t, browser, { code: await mailedStepUpCode(browser, email) });
    expect((await signInWithAuthenticator(t, new CookieJar(), email, phone.next())).statusCode).toBe(200);
  });

  it("refuses to reset an administrator's or one's own, and audits the try", async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'other-admin@example.com', password: STRONG_PASSWORD });
    const other = await signInAgain(t, 'other-admin@example.com');
    const otherId = (await t.request('GET', '/api/user', { jar: other })).json()._id;
    const selfId = (await t.request('GET', '/api/user', { jar: admin })).json()._id;
    for (const id of [otherId, selfId]) {
      const refused = await t.request('POST', `/api/admin/users/${id}/second-factor/reset`, { jar: admin });
      expect(refused.statusCode).toBe(403);
    }
    const refusals = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'admin.action_refused'));
    expect(refusals.filter((row) => row.details.attempted === 'second_factor_reset')).toHaveLength(2);
  });

  it('is for admins only, and answers 404 for an unknown user', async () => {
    const { jar, user } = await t.signUpVerified('not-support@example.com');
    expect((await t.request('POST', `/api/admin/users/${user._id}/second-factor/reset`, { jar })).statusCode).toBe(403);
    const unknown = '01a20301-0000-7000-8000-000000000000';
    expect(
      (await t.request('POST', `/api/admin/users/${unknown}/second-factor/reset`, { jar: admin })).statusCode,
    ).toBe(404);
  });
});
