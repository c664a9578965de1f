import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkeys } from '../../../db/schema/index.js';
import { ensureUser } from '../../../seed/ensure-users.js';
import { signInAgain, userWithCard } from '../../../test/card-helpers.js';
import { CookieJar } from '../../../test/cookie-jar.js';
import { addPasskey, passkeyStepUp } from '../../../test/passkeys.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../../test/test-app.js';
import { createVirtualAuthenticator, type VirtualAuthenticator } from '../../../test/virtual-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const phoneFor = () => createVirtualAuthenticator({ origin: t.appUrl });

async function withPasskey(email: string, name = 'Laptop') {
  const { jar, user } = await t.signUpVerified(email);
  const authenticator = phoneFor();
  const added = await addPasskey(t, jar, authenticator, name);
  expect(added.statusCode).toBe(201);
  return { jar, user, authenticator };
}

/** The password step, then the passkey as the second factor; answers the last response. */
async function signInWithSecondFactor(email: string, authenticator: VirtualAuthenticator, jar = new CookieJar()) {
  const login = await t.request('POST', '/api/auth/login', { jar, body: { email, password: STRONG_PASSWORD } });
  const { userId, twoFactorMethods } = login.json();
  expect(twoFactorMethods).toEqual(['passkey']);
  const options = await t.request('POST', '/api/auth/2fa/passkey/options', { jar, body: { userId } });
  expect(options.statusCode).toBe(200);
  const credential = authenticator.assert(options.json());
  return {
    jar,
    userId,
    credential,
    response: await t.request('POST', '/api/auth/2fa/passkey', { jar, body: { userId, credential } }),
  };
}

describe('registering passkeys in Profile Settings', () => {
  it('adds several, named, listed with when they were made and last used, and mails the owner each time', async () => {
    const email = 'passkeys@example.com';
    const { jar, user } = await t.signUpVerified(email);
    const before = await signInAgain(t, email);
    const authenticator = phoneFor();
    expect((await addPasskey(t, jar, authenticator, 'Laptop')).statusCode).toBe(201);
    // The first second factor turns two-step sign-in on: the other sessions end, as with the authenticator app.
    expect((await t.request('GET', '/api/user', { jar: before })).statusCode).toBe(401);
    const after = (await signInWithSecondFactor(email, authenticator)).jar;
    const mail = await t.smtp.latest(email, 'A sign-in method was added');
    expect(mail.text).toContain('A passkey named “Laptop” was just added');

    // With one passkey on, the next needs it (or a code) besides the password.
    const phone = phoneFor();
    const passwordOnly = await addPasskey(t, jar, phone, 'Phone');
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().fields).toHaveProperty('code');
    const added = await addPasskey(t, jar, phone, 'Phone', { passkey: await passkeyStepUp(t, jar, authenticator) });
    expect(added.statusCode).toBe(201);
    expect(added.json().passkey).toMatchObject({ name: 'Phone', lastUsedAt: null });

    const list = (await t.request('GET', '/api/user/passkeys', { jar })).json().passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(list[0].lastUsedAt).not.toBeNull();
    const rows = await t.deps.db.select().from(passkeys).where(eq(passkeys.userId, user._id));
    expect(rows.every((row) => row.publicKey.length > 40 && !row.publicKey.includes('PRIVATE'))).toBe(true);
    // A later passkey ends no session: only turning two-step on did.
    expect((await t.request('GET', '/api/user', { jar: after })).statusCode).toBe(200);
  });

  it('refuses a stolen session without the password, a prompt answered twice, and one answered for another site', async () => {
    const { jar } = await t.signUpVerified('passkey-refusals@example.com');
    const authenticator = phoneFor();
    const options = (await t.request('POST', '/api/user/passkeys/registration-options', { jar })).json();
    const credential = authenticator.register(options);
    const noPassword = await t.request('POST', '/api/user/passkeys', { jar, body: { name: 'Thief', credential } });
    expect(noPassword.statusCode).toBe(400);
    const elsewhere = authenticator.register(
      (await t.request('POST', '/api/user/passkeys/registration-options', { jar })).json(),
      { origin: 'https://coincard-login.example' },
    );
    const phished = await t.request('POST', '/api/user/passkeys', {
      jar,
      body: { name: 'Phished', password: STRONG_PASSWORD, credential: elsewhere },
    });
    expect(phished.statusCode).toBe(400);
    const first = await t.request('POST', '/api/user/passkeys', {
      jar,
      body: { name: 'Laptop', password: STRONG_PASSWORD, credential },
    });
    expect(first.statusCode).toBe(201);
    expect((await t.request('GET', '/api/user/passkeys', { jar })).json().passkeys).toHaveLength(1);
  });

  it('renames and removes one with a step-up, mails the owner, and answers 404 for another user’s', async () => {
    const email = 'remove-passkey@example.com';
    const { jar, authenticator } = await withPasskey(email);
    const [key] = (await t.request('GET', '/api/user/passkeys', { jar })).json().passkeys;
    const stranger = await withPasskey('stranger-passkey@example.com');
    expect(
      (await t.request('PATCH', `/api/user/passkeys/${key._id}`, { jar: stranger.jar, body: { name: 'Mine' } }))
        .statusCode,
    ).toBe(404);
    const strangerRemove = await t.request('DELETE', `/api/user/passkeys/${key._id}`, {
      jar: stranger.jar,
      body: { password: STRONG_PASSWORD, passkey: await passkeyStepUp(t, stranger.jar, stranger.authenticator) },
    });
    expect(strangerRemove.statusCode).toBe(404);

    expect(
      (await t.request('PATCH', `/api/user/passkeys/${key._id}`, { jar, body: { name: 'Work laptop' } })).statusCode,
    ).toBe(200);
    const withoutFactor = await t.request('DELETE', `/api/user/passkeys/${key._id}`, {
      jar,
      body: { password: STRONG_PASSWORD },
    });
    expect(withoutFactor.statusCode).toBe(400);
    const removed = await t.request('DELETE', `/api/user/passkeys/${key._id}`, {
      jar,
      body: { password: STRONG_PASSWORD, passkey: await passkeyStepUp(t, jar, authenticator) },
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.smtp.latest(email, 'A sign-in method was removed')).text).toContain('“Work laptop”');
    expect((await t.request('GET', '/api/user/passkeys', { jar })).json().passkeys).toEqual([]);
    // Without a second factor, sign-in asks for none again.
    const login = await t.request('POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.json().isTwoFactorRequired).toBe(false);
  });

  it('limits how many passkey prompts a session may ask for (each stores a challenge)', async () => {
    const { jar } = await t.signUpVerified('prompt-flood@example.com');
    for (let i = 0; i < 30; i += 1) {
      expect((await t.request('POST', '/api/user/passkeys/registration-options', { jar })).statusCode).toBe(200);
    }
    expect((await t.request('POST', '/api/user/passkeys/registration-options', { jar })).statusCode).toBe(429);
    expect((await t.request('POST', '/api/auth/step-up/passkey-options', { jar })).statusCode).toBe(429);
  });

  it("keeps an administrator's last factor", async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'passkey-admin@example.com', password: STRONG_PASSWORD });
    const jar = await signInAgain(t, 'passkey-admin@example.com');
    const authenticator = phoneFor();
    const code = async () => {
      const before = t.smtp.mails.length;
      await t.request('POST', '/api/user/step-up/code', { jar });
      const mail = await t.smtp.waitFor(
        (m) => t.smtp.mails.indexOf(m) >= before && m.subject.includes('Your security code'),
      );
      return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    };
    expect((await addPasskey(t, jar, authenticator, 'Key', { code: await code() })).statusCode).toBe(201);
    const emailOff = await t.request('PATCH', '/api/user/2fa', {
      jar,
      body: { enabled: false, currentPassword: STRONG_PASSWORD, passkey: await passkeyStepUp(t, jar, authenticator) },
    });
    expect(emailOff.statusCode).toBe(200);
    const [key] = (await t.request('GET', '/api/user/passkeys', { jar })).json().passkeys;
    const last = await t.request('DELETE', `/api/user/passkeys/${key._id}`, {
      jar,
      body: { password: STRONG_PASSWORD, passkey: await passkeyStepUp(t, jar, authenticator) },
    });
    expect(last.statusCode).toBe(403);
    expect((await t.request('GET', '/api/user/passkeys', { jar })).json().passkeys).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('takes it as the second factor after the password, from the browser that passed the password step', async () => {
    const email = 'passkey-2fa@example.com';
    const { authenticator, user } = await withPasskey(email);
    const { jar, response } = await signInWithSecondFactor(email, authenticator);
    expect(response.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar })).json().email).toBe(email);
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.targetUserId, user._id)));
    expect(audited.at(-1)?.details).toMatchObject({ twoFactor: true, passkey: true });

    // Another browser without the sign-in's challenge cookie gets no prompt and no session.
    const stranger = new CookieJar();
    const login = await t.request('POST', '/api/auth/login', {
      jar: new CookieJar(),
      body: { email, password: STRONG_PASSWORD },
    });
    const refused = await t.request('POST', '/api/auth/2fa/passkey/options', {
      jar: stranger,
      body: { userId: login.json().userId },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses an answer played again, and a counter that went backwards (a cloned authenticator)', async () => {
    const email = 'passkey-replay@example.com';
    const { authenticator } = await withPasskey(email);
    const first = await signInWithSecondFactor(email, authenticator);
    expect(first.response.statusCode).toBe(200);

    const browser = new CookieJar();
    const login = await t.request('POST', '/api/auth/login', {
      jar: browser,
      body: { email, password: STRONG_PASSWORD },
    });
    const { userId } = login.json();
    const options = (
      await t.request('POST', '/api/auth/2fa/passkey/options', { jar: browser, body: { userId } })
    ).json();
    const finish = (credential: unknown) =>
      t.request('POST', '/api/auth/2fa/passkey', { jar: browser, body: { userId, credential } });
    expect((await finish(first.credential)).statusCode).toBe(400);
    expect((await finish(authenticator.assert(options, { signCount: 1 }))).statusCode).toBe(400);
    expect((await t.request('GET', '/api/user', { jar: browser })).statusCode).toBe(401);
    // The same passkey with its counter moving on, to a fresh prompt, is taken.
    const fresh = (await t.request('POST', '/api/auth/2fa/passkey/options', { jar: browser, body: { userId } })).json();
    expect((await finish(authenticator.assert(fresh, { signCount: 50 }))).statusCode).toBe(200);
  });

  it('signs in without the password when the passkey checked the person, and not otherwise', async () => {
    const email = 'passwordless@example.com';
    const { authenticator } = await withPasskey(email);
    const jar = new CookieJar();
    const options = (await t.request('POST', '/api/auth/passkey/options', { jar })).json();
    expect(options.userVerification).toBe('required');
    const signedIn = await t.request('POST', '/api/auth/passkey/login', {
      jar,
      body: { credential: authenticator.assert(options) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar })).json().email).toBe(email);

    const presenceOnly = createVirtualAuthenticator({ origin: t.appUrl, userVerified: false });
    const { jar: owner } = await t.signUpVerified('presence-only@example.com');
    expect((await addPasskey(t, owner, presenceOnly, 'Old key')).statusCode).toBe(201);
    const guest = new CookieJar();
    const prompt = (await t.request('POST', '/api/auth/passkey/options', { jar: guest })).json();
    const refused = await t.request('POST', '/api/auth/passkey/login', {
      jar: guest,
      body: { credential: presenceOnly.assert(prompt) },
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.request('GET', '/api/user', { jar: guest })).statusCode).toBe(401);
  });

  it('does not sign a suspended user in', async () => {
    const email = 'suspended-passkey@example.com';
    const { authenticator, user } = await withPasskey(email);
    await t.deps.db.execute(`update users set suspended = true where id = '${user._id}'`);
    const options = (await t.request('POST', '/api/auth/passkey/options')).json();
    const refused = await t.request('POST', '/api/auth/passkey/login', {
      body: { credential: authenticator.assert(options) },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a passkey as the step-up for card details (issue 17, finding 3)', () => {
  it('lets this session reveal card details, and answers the step-up state', async () => {
    const { jar, cardId } = await userWithCard(t, 'passkey-reveal@example.com');
    const authenticator = phoneFor();
    expect((await addPasskey(t, jar, authenticator, 'Phone')).statusCode).toBe(201);
    expect((await t.request('GET', '/api/auth/step-up', { jar })).json()).toMatchObject({
      passkey: true,
      authenticator: false,
      emailCode: false,
      steppedUpUntil: null,
    });
    expect((await t.request('GET', `/api/cards/${cardId}/private`, { jar })).statusCode).toBe(403);
    const stepped = await t.request('POST', '/api/auth/step-up', {
      jar,
      body: { passkey: await passkeyStepUp(t, jar, authenticator) },
    });
    expect(stepped.statusCode).toBe(200);
    expect((await t.request('GET', `/api/cards/${cardId}/private`, { jar })).statusCode).toBe(200);
  });

  it('refuses a step-up prompt answered for another session', async () => {
    const email = 'passkey-other-session@example.com';
    const { jar, authenticator } = await withPasskey(email);
    const other = (await signInWithSecondFactor(email, authenticator)).jar;
    const answer = await passkeyStepUp(t, jar, authenticator);
    expect((await t.request('POST', '/api/auth/step-up', { jar: other, body: { passkey: answer } })).statusCode).toBe(
      400,
    );
  });
});
