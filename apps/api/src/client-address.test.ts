import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRows } from './db/client.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from './test/test-app.js';

// The client address feeds every per-IP rate limit and the audit log, so a client must not be able to choose it.

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** Signs up through the API from 10.9.9.9 with a forged X-Forwarded-For; answers the address the audit log saw. */
async function addressSeen(trustProxy: string, email: string) {
  const t = await createTestApp({ configEnv: { TRUST_PROXY: trustProxy } });
  apps.push(t);
  const response = await t.request('POST', '/api/auth/register', {
    body: { email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
    ip: '10.9.9.9',
    headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.50' },
  });
  expect(response.statusCode).toBe(201);
  const [row] = await executeRows<{ ip: string }>(
    t.deps.db,
    sql`select ip from audit_log where action = 'auth.register' order by created_at desc limit 1`,
  );
  return row?.ip;
}

describe('the client address', () => {
  it('is the one the load balancer saw with TRUST_PROXY=true, not what the client wrote before it', async () => {
    expect(await addressSeen('true', 'behind-proxy@example.com')).toBe('198.51.100.50');
  });

  it('ignores X-Forwarded-For without a trusted proxy', async () => {
    expect(await addressSeen('false', 'no-proxy@example.com')).toBe('10.9.9.9');
  });
});
