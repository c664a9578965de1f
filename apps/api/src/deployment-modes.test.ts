import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

// The reported exploit: a deployment that forgot NODE_ENV=production served the dev outbox, where a password reset
// mail for the admin could be read without credentials, and the sandboxes that mint money. Demo features now follow
// DEMO_MODE alone; in live mode none of their routes exist.

/** A live deployment's settings (the adapters are built but never called: nothing here reaches a provider). */
const LIVE_ENV = {
  DEMO_MODE: 'false',
  PAYMENTS_PROVIDER: 'cryptomus',
  CRYPTOMUS_MERCHANT_ID: 'merchant',
  CRYPTOMUS_API_KEY: 'live-api-key',
  CARD_ISSUER: 'bridgecard',
  BRIDGECARD_ACCESS_TOKEN: 'live-access-token',
  BRIDGECARD_SECRET_KEY: 'live-secret-key',
  BRIDGECARD_WEBHOOK_SECRET: 'live-webhook-secret',
};

/** Every kind of demo route: the outbox, the sandbox provider's API and checkout, the sandbox issuer's API. */
const DEMO_ROUTES: Array<[method: string, url: string]> = [
  ['GET', '/api/dev/outbox'],
  ['GET', '/api/dev/outbox?to=admin@coincard.test'],
  ['POST', '/sandbox/payments/v1/payment'],
  ['GET', '/sandbox/payments/v1/exchange-rate/USDT/list'],
  ['GET', '/sandbox/issuing/v1/cardholder/get_cardholder?cardholder_id=x'],
];

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function statuses(t: TestApp) {
  const answers: Record<string, number> = {};
  for (const [method, url] of DEMO_ROUTES) {
    answers[`${method} ${url}`] = (await t.request(method, url, method === 'POST' ? { body: {} } : {})).statusCode;
  }
  return answers;
}

describe('deployment modes', () => {
  it('serves none of the demo routes in live mode', async () => {
    const t = await createTestApp({ configEnv: LIVE_ENV });
    apps.push(t);
    expect(t.deps.config.demoMode).toBe(false);
    const answers = await statuses(t);
    for (const [route, status] of Object.entries(answers)) expect({ route, status }).toEqual({ route, status: 404 });
  });

  it('serves them in demo mode (so the probes above are real routes)', async () => {
    const t = await createTestApp({ useDevOutbox: true });
    apps.push(t);
    expect(t.deps.config.demoMode).toBe(true);
    const answers = await statuses(t);
    for (const [route, status] of Object.entries(answers))
      expect({ route, status }).not.toEqual({ route, status: 404 });
  });
});
