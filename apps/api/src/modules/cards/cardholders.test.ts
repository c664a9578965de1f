import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cardholderIdOf = async (jar: CookieJar) =>
  (await t.request('GET', '/api/user', { jar })).json().cardholderId as string | null;

const requestOf = async (email: string) =>
  (
    await executeRows<{ attempts: number; last_error: string | null; completed: boolean }>(
      t.deps.db,
      sql`select r.attempts, r.last_error, r.completed_at is not null as completed
          from cardholder_requests r join users u on u.id = r.user_id where u.email = ${email}`,
    )
  )[0];

describe('issuer cardholders', () => {
  it('are created by the job verification queues, once, and shown on /api/user', async () => {
    const { jar } = await t.signUpVerified('holder@example.com');
    const cardholderId = await cardholderIdOf(jar);
    expect(cardholderId).toMatch(/^[0-9a-f]{32}$/);
    await t.runSchedules();
    await t.runJobs({ waitsOver: true });
    expect(await cardholderIdOf(jar)).toBe(cardholderId);
    expect(await requestOf('holder@example.com')).toMatchObject({ attempts: 0, completed: true });
  });

  it('are retried by the engine while the issuer fails, and verification is unaffected', async () => {
    const real = t.deps.issuer.createCardholder;
    t.deps.issuer.createCardholder = async () => {
      throw new IssuerError('unavailable', 'issuer down');
    };
    const { jar, verifyResponse } = await t.signUpVerified('holder-retry@example.com');
    try {
      expect(verifyResponse.message).toMatch(/verified/);
      expect(await cardholderIdOf(jar)).toBeNull();
      expect(await requestOf('holder-retry@example.com')).toMatchObject({ attempts: 1, last_error: 'issuer down' });
      // The retry waits for its back-off: nothing runs before it.
      expect(await t.runJobs()).toBe(0);
      await t.runJobs({ waitsOver: true });
      expect(await requestOf('holder-retry@example.com')).toMatchObject({ attempts: 2, completed: false });
    } finally {
      t.deps.issuer.createCardholder = real;
    }
    await t.runJobs({ waitsOver: true });
    expect(await cardholderIdOf(jar)).not.toBeNull();
    expect(await requestOf('holder-retry@example.com')).toMatchObject({ completed: true });
  });

  it('are not made for unverified users', async () => {
    await t.signUp('unverified-holder@example.com');
    await t.runSchedules();
    const [requests] = await executeRows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from cardholder_requests r join users u on u.id = r.user_id
          where u.email = 'unverified-holder@example.com'`,
    );
    expect(requests?.n).toBe(0);
  });
});
