import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

// Review of issue 17: the per-address limits counted each IPv6 address apart, but one subscriber holds a whole /64
// (18 billion billion addresses), so anyone on IPv6 walked past every per-address limit by changing the last groups.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A different address of the same /64 each time, written as a client may write it (abbreviated or not). */
let host = 0;
const sameNetwork = (prefix: string) => () => {
  host += 1;
  return host % 2 === 0 ? `${prefix}:0:0:${host.toString(16)}:1` : `${prefix}::${host.toString(16)}:2`;
};

describe('per-address limits on IPv6', () => {
  it('count one /64 as one address: sign-in guesses spread over many accounts', async () => {
    const next = sameNetwork('2001:db8:7:1');
    const statuses: number[] = [];
    // The address limit is 30 per 15 minutes; each guess is at a different account, so no account limit applies.
    for (let i = 0; i < 31; i += 1) {
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: `spray-${i}@example.com`, password: STRONG_PASSWORD },
        ip: next(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('count one /64 as one address: sign-ups', async () => {
    const next = sameNetwork('2001:db8:7:2');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await t.request('POST', '/api/auth/register', {
        body: { email: `mass-${i}@example.com`, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
        ip: next(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status < 300)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('keeps neighbouring networks and IPv4 clients apart', async () => {
    for (let i = 0; i < 30; i += 1) {
      await t.request('POST', '/api/auth/login', {
        body: { email: `apart-${i}@example.com`, password: STRONG_PASSWORD },
        ip: `2001:db8:7:3::${i + 1}`,
      });
    }
    const neighbour = await t.request('POST', '/api/auth/login', {
      body: { email: 'apart-next@example.com', password: STRONG_PASSWORD },
      ip: '2001:db8:7:4::1',
    });
    expect(neighbour.statusCode).toBe(401);
    const v4 = await t.request('POST', '/api/auth/login', {
      body: { email: 'apart-v4@example.com', password: STRONG_PASSWORD },
      ip: '198.51.100.23',
    });
    expect(v4.statusCode).toBe(401);
  });
});
