import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRows } from './db/client.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from './test/test-app.js';

// The client address feeds every per-IP rate limit and the audit log, so a client must not be able to choose it.

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/**
 * Signs up through the API from `peer` (10.9.9.9 unless told) with a forged X-Forwarded-For; answers the address
 * the audit log saw.
 */
async function addressSeen(trustProxy: string, email: string, peer = '10.9.9.9') {
  const t = await createTestApp({ configEnv: { TRUST_PROXY: trustProxy } });
  apps.push(t);
  const response = await t.request('POST', '/api/auth/register', {
    body: { email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
    ip: peer,
    headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.50' },
  });
  expect(response.statusCode).toBe(201);
  // The account (and its audit row) is created just after the answer, so both outcomes answer alike.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [row] = await executeRows<{ ip: string }>(
      t.deps.db,
      sql`select ip from audit_log where action = 'auth.register' order by created_at desc limit 1`,
    );
    if (row) return row.ip;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('the client address', () => {
  it('is the one the load balancer saw with TRUST_PROXY=true, not what the client wrote before it', async () => {
    expect(await addressSeen('true', 'behind-proxy@example.com')).toBe('198.51.100.50');
  });

  it('ignores X-Forwarded-For without a trusted proxy', async () => {
    expect(await addressSeen('false', 'no-proxy@example.com')).toBe('10.9.9.9');
  });

  it('honours X-Forwarded-For only from a listed proxy (TRUST_PROXY as addresses and ranges)', async () => {
    const proxies = '10.9.0.0/16, 2001:db8::/32';
    expect(await addressSeen(proxies, 'listed-v4@example.com')).toBe('198.51.100.50');
    expect(await addressSeen(proxies, 'listed-v6@example.com', '2001:db8::7')).toBe('198.51.100.50');
    // A client connecting directly writes whatever it likes into the header: it is not a proxy, so it is ignored.
    expect(await addressSeen(proxies, 'spoofer@example.com', '192.0.2.44')).toBe('192.0.2.44');
  });

  it('walks a chain of listed proxies and stops at the first address not on the list', async () => {
    // Both hops are listed proxies, so the client is the address the outer one saw.
    expect(await addressSeen('10.9.9.9, 198.51.100.0/24', 'chain@example.com')).toBe('1.2.3.4');
    // 198.51.100.50 is not a listed proxy, so it is the client, and what it wrote before itself is never read.
    expect(await addressSeen('10.9.9.9', 'one-proxy@example.com')).toBe('198.51.100.50');
  });
});
