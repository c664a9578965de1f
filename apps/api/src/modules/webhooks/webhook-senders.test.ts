import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/count-rows.js';
import { signedWebhook } from '../../test/deposit-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// PAYMENTS_WEBHOOK_ALLOWED_IPS: payment webhooks are taken only from the provider's addresses, as TRUST_PROXY
// resolves the client, so neither a stranger nor a stranger's forged X-Forwarded-For gets a delivery stored.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configEnv: { PAYMENTS_WEBHOOK_ALLOWED_IPS: '203.0.113.0/24, 2001:db8:77::1', TRUST_PROXY: '10.9.0.0/16' },
  });
});
afterAll(async () => {
  await t.close();
});

let orders = 0;
/** A signed webhook about an order of its own, so each case counts only its own stored events. */
function delivery() {
  orders += 1;
  const orderId = `order-senders-${orders}`;
  const body = signedWebhook(t, { uuid: `uuid-${orders}`, order_id: orderId, amount: '5.00', status: 'paid' });
  return { orderId, body };
}

async function deliver(body: string, ip: string, forwardedFor?: string) {
  return t.request('POST', '/api/webhooks/payments', {
    rawBody: body,
    ip,
    headers: {
      'content-type': 'application/json',
      origin: '',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
  });
}

const stored = (orderId: string) => countRows(t, 'provider_events', sql`subject = ${orderId}`);

describe('the payment webhook allow-list', () => {
  it('refuses a delivery from an address not on the list with 403, and stores nothing', async () => {
    const { orderId, body } = delivery();
    const response = await deliver(body, '198.51.100.9');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/only from the provider/);
    expect(await stored(orderId)).toBe(0);
  });

  it('ignores a listed address that an unlisted peer writes into X-Forwarded-For', async () => {
    const { orderId, body } = delivery();
    expect((await deliver(body, '198.51.100.9', '203.0.113.5')).statusCode).toBe(403);
    expect(await stored(orderId)).toBe(0);
  });

  it('takes a delivery from a listed address, directly or through a trusted proxy, IPv4 or IPv6', async () => {
    for (const [ip, forwardedFor] of [
      ['203.0.113.5', undefined],
      ['10.9.1.1', '203.0.113.77'],
      ['2001:db8:77::1', undefined],
    ] as const) {
      const { orderId, body } = delivery();
      const response = await deliver(body, ip, forwardedFor);
      expect(response.statusCode, `${ip} ${forwardedFor ?? ''}`).toBe(200);
      expect(await stored(orderId)).toBe(1);
    }
  });
});
