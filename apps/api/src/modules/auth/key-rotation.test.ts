import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema/index.js';
import { createKeys } from '../../deps.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { issueOtp, verifyOtp } from './one-time-codes.service.js';

// SESSION_SECRET rotation: the new secret signs, SESSION_SECRET_PREVIOUS still verifies, so nobody is signed out at
// once. The app is "restarted" with new secrets by swapping its keys, as buildDeps makes them at start-up.

const OLD = 'the-old-session-secret-of-at-least-32-chars';
const NEW = 'the-new-session-secret-of-at-least-32-chars';
const NEWER = 'the-newer-session-secret-of-at-least-32-chars';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configEnv: { SESSION_SECRET: OLD } });
});
afterAll(async () => {
  await t.close();
});

const accessTokenOf = (jar: CookieJar) => jar.get('accessToken') ?? '';
const meStatus = async (jar: CookieJar) => (await t.request('GET', '/api/user', { jar })).statusCode;

async function login(email: string) {
  const jar = new CookieJar();
  const response = await t.request('POST', '/api/auth/login', { jar, body: { email, password: STRONG_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return jar;
}

describe('rotating SESSION_SECRET', () => {
  it('keeps tokens signed with the previous secret valid, signs new ones with the new key, and drops the old later', async () => {
    const { jar: before } = await t.signUpVerified('rotation@example.com');
    const oldKeyId = accessTokenOf(before).split('.')[0];
    expect(oldKeyId).toBe(createKeys([OLD]).accessTokens.current.id);

    t.deps.keys = createKeys([NEW, OLD]);
    expect(await meStatus(before)).toBe(200);
    const after = await login('rotation@example.com');
    const newKeyId = accessTokenOf(after).split('.')[0];
    expect(newKeyId).toBe(createKeys([NEW]).accessTokens.current.id);
    expect(newKeyId).not.toBe(oldKeyId);

    // Once the old secret is gone its access tokens fail, but they last minutes: the refresh token (stored as a
    // plain SHA-256, not keyed) gets a new one, so the user is still not signed out.
    t.deps.keys = createKeys([NEWER, NEW]);
    expect(await meStatus(after)).toBe(200);
    expect(await meStatus(before)).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar: before })).statusCode).toBe(200);
    expect(await meStatus(before)).toBe(200);
  });

  it('accepts an access token from before key ids (signed with the secret itself) while it lasts', async () => {
    t.deps.keys = createKeys([NEW, OLD]);
    const jar = await login('rotation@example.com');
    const [, sessionId, expiresAt] = accessTokenOf(jar).split('.');
    const legacy = `${sessionId}.${expiresAt}.${hmacSha256(OLD, `access:${sessionId}.${expiresAt}`)}`;
    jar.set('accessToken', legacy);
    expect(await meStatus(jar)).toBe(200);
    jar.set('accessToken', `${sessionId}.${expiresAt}.${hmacSha256(NEWER, `access:${sessionId}.${expiresAt}`)}`);
    expect(await meStatus(jar)).toBe(401);
  });

  it('does not take a token signed with another purpose key', async () => {
    t.deps.keys = createKeys([NEW]);
    const jar = await login('rotation@example.com');
    const [keyId, sessionId, expiresAt] = accessTokenOf(jar).split('.');
    const otherKeys = createKeys([NEW]).oneTimeCodes.current;
    const forged = `${otherKeys.id}.${sessionId}.${expiresAt}`;
    jar.set('accessToken', `${forged}.${hmacSha256(otherKeys.key.toString('hex'), `access:${forged}`)}`);
    expect(await meStatus(jar)).toBe(401);
    expect(keyId).not.toBe(otherKeys.id);
  });
});

describe('purpose keys', () => {
  it('differ per purpose and per secret', () => {
    const keys = createKeys([NEW]);
    expect(keys.accessTokens.current.key.equals(keys.oneTimeCodes.current.key)).toBe(false);
    expect(keys.accessTokens.current.id).not.toBe(keys.oneTimeCodes.current.id);
    expect(createKeys([OLD]).accessTokens.current.key.equals(keys.accessTokens.current.key)).toBe(false);
  });
});

describe('one-time codes across purposes and rotations', () => {
  const userId = () => t.deps.db.query.users.findFirst().then((user) => user?.id ?? '');
  const issue = async (purpose: 'two_factor' | 'email_change') => {
    const now = t.deps.now();
    return issueOtp(t.deps.db, {
      userId: await userId(),
      purpose,
      ttlMs: 600_000,
      now,
      secret: t.deps.keys.oneTimeCodes,
    });
  };
  const verify = async (purpose: 'two_factor' | 'email_change', code: string) =>
    verifyOtp(t.deps.db, {
      userId: await userId(),
      purpose,
      code,
      now: t.deps.now(),
      secret: t.deps.keys.oneTimeCodes,
      expiredMessage: 'expired',
    }).then(
      () => 'ok',
      (error: Error) => error.message,
    );

  it('is not valid for another purpose, even with its hash moved there', async () => {
    t.deps.keys = createKeys([NEW]);
    const code = await issue('two_factor');
    const [row] = await t.deps.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'two_factor'), isNull(oneTimeCodes.usedAt)));
    await issue('email_change');
    // The e-mail change code's row now carries the 2FA code's hash: a hash is bound to its purpose.
    await t.deps.db
      .update(oneTimeCodes)
      .set({ codeHash: row?.codeHash ?? '' })
      .where(and(eq(oneTimeCodes.purpose, 'email_change'), isNull(oneTimeCodes.usedAt)));
    expect(await verify('email_change', code)).toMatch(/Incorrect code/);
  });

  it('accepts a code mailed before the rotation, and not once the old secret is gone', async () => {
    t.deps.keys = createKeys([OLD]);
    const code = await issue('two_factor');
    t.deps.keys = createKeys([NEW, OLD]);
    expect(await verify('two_factor', code)).toBe('ok');

    t.deps.keys = createKeys([OLD]);
    const stale = await issue('two_factor');
    t.deps.keys = createKeys([NEW]);
    expect(await verify('two_factor', stale)).not.toBe('ok');
  });
});

describe('sealed card secrets', () => {
  it('open after a key rotation while the previous key is configured, including values sealed before key ids', () => {
    const oldBox = createSealedBox(OLD, 'sandbox-issuer');
    const sealed = oldBox.seal('4111111111111111');
    const rotated = createSealedBox([NEW, OLD], 'sandbox-issuer');
    expect(rotated.open(sealed)).toBe('4111111111111111');
    expect(rotated.seal('123').split(':')[0]).toBe(createSealedBox(NEW, 'sandbox-issuer').seal('x').split(':')[0]);
    expect(() => createSealedBox(NEW, 'sandbox-issuer').open(sealed)).toThrow(/no longer configured/);
    // Another purpose's box with the same secret cannot open it.
    expect(() => createSealedBox(OLD, 'pending-card-pin').open(sealed)).toThrow();
  });
});
