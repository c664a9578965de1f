import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { openTestDatabase } from '../../test/test-database.js';
import { signCryptomusBody } from './cryptomus-signature.js';
import { registerSandboxPaymentServer } from './sandbox-server.js';

// A webhook that reached the app while it could not take it (its database restarting: 503) was lost, and the paid
// top-up waited for the reconciliation after the invoice's lifetime. The sandbox provider now tries again.

const MERCHANT = 'sandbox-merchant';
const API_KEY = 'sandbox-key';

let database: DatabaseHandle;
let receiver: Server;
let receiverUrl: string;
const answers: number[] = [];
const received: { status: string; order_id: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      // The first delivery meets an app without its database; the second a ready one.
      const status = answers.length === 0 ? 503 : 200;
      answers.push(status);
      if (status === 200) received.push(JSON.parse(body));
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/payments`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await database.close();
});

describe('the sandbox payment provider', () => {
  it('delivers a webhook the app answered 503 to again, once the app takes it', async () => {
    const app = Fastify();
    registerSandboxPaymentServer(app, {
      db: database.db,
      merchantId: MERCHANT,
      apiKey: API_KEY,
      appUrl: 'http://127.0.0.1:1',
      now: () => new Date(),
      logger: { warn: () => undefined },
    });
    const body = JSON.stringify({
      amount: '25.00',
      currency: 'USD',
      order_id: 'retry-order-1',
      to_currency: 'USDT',
      network: 'tron',
      url_callback: receiverUrl,
    });
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox/payments/v1/payment',
      headers: { merchant: MERCHANT, sign: signCryptomusBody(body, API_KEY), 'content-type': 'application/json' },
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    const { uuid } = created.json().result as { uuid: string };

    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox/payments/checkout/${uuid}/outcome`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ outcome: 'paid' }),
    });
    expect(paid.statusCode).toBe(200);
    expect(answers).toEqual([503]);

    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answers).toEqual([503, 200]);
    expect(received).toEqual([expect.objectContaining({ order_id: 'retry-order-1', status: 'paid' })]);
    await app.close();
  });
});
