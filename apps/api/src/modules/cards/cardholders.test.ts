import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDueCardholders } from './cardholders.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cardholderIdOf = async (jar: CookieJar) =>
  (await t.request('GET', '/api/user', { jar })).json().cardholderId as string | null;

describe('issuer cardholders', () => {
  it('are created by a job after verification, and shown on /api/user', async () => {
    const { jar } = await t.signUpVerified('holder@example.com');
    expect(await cardholderIdOf(jar)).toBeNull();
    expect(await createDueCardholders(t.deps)).toMatchObject({ created: 1 });
    expect(await cardholderIdOf(jar)).toMatch(/^[0-9a-f]{32}$/);
    expect(await createDueCardholders(t.deps)).toEqual({ looked: 0, created: 0 });
  });

  it('are retried with growing waits while the issuer fails, and verification is unaffected', async () => {
    const real = t.deps.issuer.createCardholder;
    t.deps.issuer.createCardholder = async () => {
      throw new IssuerError('unavailable', 'issuer down');
    };
    const { jar, verifyResponse } = await t.signUpVerified('holder-retry@example.com');
    try {
      expect(verifyResponse.message).toMatch(/verified/);
      expect(await createDueCardholders(t.deps)).toMatchObject({ looked: 1, created: 0 });
      expect(await createDueCardholders(t.deps)).toMatchObject({ looked: 0 });
      t.clock.advance(31_000);
      await createDueCardholders(t.deps);
      const [request] = await executeRows<{ attempts: number; last_error: string }>(
        t.deps.db,
        sql`select r.attempts, r.last_error from cardholder_requests r join users u on u.id = r.user_id
            where u.email = 'holder-retry@example.com'`,
      );
      expect(request).toEqual({ attempts: 2, last_error: 'issuer down' });
    } finally {
      t.deps.issuer.createCardholder = real;
    }
    t.clock.advance(61_000);
    expect(await createDueCardholders(t.deps)).toMatchObject({ created: 1 });
    expect(await cardholderIdOf(jar)).not.toBeNull();
  });

  it('are not made for unverified users', async () => {
    await t.signUp('unverified-holder@example.com');
    expect(await createDueCardholders(t.deps)).toEqual({ looked: 0, created: 0 });
  });
});
