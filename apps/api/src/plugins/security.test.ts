import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema/index.js';
import { ensureStartupUsers } from '../seed/ensure-users.js';
import { CookieJar } from '../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../test/test-app.js';
import { signInThroughTwoFactor } from '../test/two-factor-sign-in.js';

let t: TestApp;
const ADMIN = { email: 'root@example.com', password: 'Admin-Password-99' };
beforeAll(async () => {
  t = await createTestApp({ configEnv: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  await ensureStartupUsers(t.deps, false);
});
afterAll(async () => {
  await t.close();
});

async function adminJar() {
  const jar = new CookieJar();
  await signInThroughTwoFactor(t, jar, ADMIN.email, ADMIN.password);
  return jar;
}

describe('bad input never yields a 500 and writes nothing', () => {
  it.each([
    ['malformed JSON', '{"email": "a@b.co",', 'The request body is not valid JSON.', 400],
    ['a JSON array', '[1,2,3]', 'The request body is missing or is not a JSON object.', 400],
    ['a JSON string', '"hello"', 'The request body is missing or is not a JSON object.', 400],
    ['null', 'null', 'The request body is missing or is not a JSON object.', 400],
  ])('register with %s answers %s', async (_name, rawBody, message, status) => {
    const response = await t.request('POST', '/api/auth/register', {
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message, errorCode: 'ValidationError' });
  });

  it('refuses NUL characters in bodies and queries with 400, not a database error', async () => {
    const body = {
      email: 'nul@example.com',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      referredBy: 'ab\u0000cd',
    };
    const register = await t.request('POST', '/api/auth/register', { body });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({
      errorCode: 'ValidationError',
      message: 'Text must not contain NUL characters.',
    });
    const admin = await adminJar();
    expect((await t.request('GET', '/api/user/all?search=a%00b', { jar: admin })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/transactions/all?search=a%00b', { jar: admin })).statusCode).toBe(400);
  });

  it.each([
    ['arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['objects', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ])('refuses 5,000-deep nested %s with a readable 400, not a stack overflow', async (_name, deep) => {
    const response = await t.request('POST', '/api/auth/register', {
      rawBody: `{"email":"deep@example.com","referredBy":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'ValidationError',
      message: 'The request nests deeper than 32 levels.',
    });
  });

  it('refuses bodies over 100 KB with 413', async () => {
    const response = await t.request('POST', '/api/auth/register', {
      body: {
        email: 'big@example.com',
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        referredBy: 'x'.repeat(120_000),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errorCode).toBe('PayloadTooLarge');
  });

  it('refuses non-JSON bodies with 415', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      rawBody: 'email=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    const plain = await t.request('POST', '/api/auth/login', {
      rawBody: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
  });

  it('answers unknown endpoints with a JSON 404', async () => {
    const response = await t.request('GET', '/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'NotFound' });
  });

  it('ignores unknown fields and never accepts a role from the client', async () => {
    const response = await t.request('POST', '/api/auth/register', {
      body: {
        email: 'sneaky@example.com',
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        role: 'admin',
        verified: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
    expect(row).toMatchObject({ role: 'user', verified: false });
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin or marked cross-site', async () => {
    const foreign = await t.request('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errorCode).toBe('CrossOriginRequest');
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const crossSite = await t.request('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('sends the API its small set of security headers and pages the full one', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const first = response.headers['x-request-id'];
    const second = (await t.request('GET', '/api/health')).headers['x-request-id'];
    expect(first).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(second).not.toBe(first);

    const refused = await t.request('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect(refused.headers['cache-control']).toBe('no-store');

    // The router decodes escapes: an encoded /api/ path reaches the API and gets its headers.
    for (const disguised of ['/%61pi/health', '/ap%69/no-such-endpoint']) {
      const answer = await t.request('GET', disguised);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }

    const page = await t.request('GET', '/no-such-page');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('roles and suspension', () => {
  it('keeps admin calls from users with 403', async () => {
    const { jar, user } = await t.signUpVerified('plain@example.com');
    expect((await t.request('GET', '/api/user/all', { jar })).statusCode).toBe(403);
    expect((await t.request('PATCH', `/api/admin/suspend/${user._id}`, { jar })).statusCode).toBe(403);
  });

  it('refuses a suspended user at login and on the next request of an existing session', async () => {
    const admin = await adminJar();
    const { jar, user } = await t.signUpVerified('suspend-me@example.com');
    const suspended = await t.request('PATCH', `/api/admin/suspend/${user._id}`, { jar: admin });
    expect(suspended.json()).toMatchObject({ isSuspended: true });

    const next = await t.request('GET', '/api/user', { jar });
    expect(next.statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar })).statusCode).toBe(401);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: 'suspend-me@example.com', password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ errorCode: 'AccountSuspended' });

    const activated = await t.request('PATCH', `/api/admin/suspend/${user._id}`, { jar: admin });
    expect(activated.json()).toMatchObject({ isSuspended: false });
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          body: { email: 'suspend-me@example.com', password: STRONG_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('does not let an admin suspend themself, and answers 404 for an unknown user', async () => {
    const admin = await adminJar();
    const me = (await t.request('GET', '/api/user', { jar: admin })).json();
    expect((await t.request('PATCH', `/api/admin/suspend/${me._id}`, { jar: admin })).statusCode).toBe(403);
    expect(
      (await t.request('PATCH', '/api/admin/suspend/01900000-0000-7000-8000-000000000000', { jar: admin })).statusCode,
    ).toBe(404);
    expect((await t.request('PATCH', '/api/admin/suspend/not-a-uuid', { jar: admin })).statusCode).toBe(400);
  });

  it("lets an admin turn a user's two-factor on and off, and writes it to the audit log", async () => {
    const admin = await adminJar();
    const { jar, user } = await t.signUpVerified('admin-2fa@example.com');
    const on = await t.request('PATCH', `/api/admin/2fa/${user._id}`, { jar: admin, body: { enabled: true } });
    expect(on.json()).toMatchObject({ isTwoFactorEnabled: true });
    expect((await t.request('GET', '/api/user', { jar })).json().isTwoFactorEnabled).toBe(true);
    const bad = await t.request('PATCH', `/api/admin/2fa/${user._id}`, { jar: admin, body: { enabled: 1 } });
    expect(bad.statusCode).toBe(400);
    await t.request('PATCH', `/api/admin/2fa/${user._id}`, { jar: admin, body: { enabled: false } });
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetUserId, user._id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['admin.two_factor_enabled', 'admin.two_factor_disabled']),
    );
  });

  it('lists users for admins with pagination and a working search', async () => {
    const admin = await adminJar();
    await t.signUpVerified('findme-unique@example.com');
    const page = (await t.request('GET', '/api/user/all?search=FINDME&pageSize=5', { jar: admin })).json();
    expect(page.users.map((u: { email: string }) => u.email)).toEqual(['findme-unique@example.com']);
    expect(page.meta).toMatchObject({ page: 1, pageSize: 5, total: 1, pages: 1 });
    expect((await t.request('GET', '/api/user/all?pageSize=1000', { jar: admin })).statusCode).toBe(400);
  });
});
