import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';
import { createTestApp, type TestApp } from './test/test-app.js';

// The reported exploit: a deployment that forgot NODE_ENV=production served the dev outbox, where a password reset
// mail for the admin could be read without credentials, and the sandboxes that mint money. Demo features now follow
// DEMO_MODE alone; in live mode none of their routes exist.

/** A live deployment's settings (the adapters are built but never called: nothing here reaches a provider). */
const LIVE_ENV = {
  DEMO_MODE: 'false',
  APP_URL: 'https://coincard.example',
  TRUST_PROXY: 'false',
  DATABASE_URL: 'postgres://coincard_app@db.internal:5432/coincard',
  DATABASE_MIGRATION_URL: 'postgres://coincard_owner@db.internal:5432/coincard',
  SESSION_SECRET: 'Zq3v9K_lP0x-T7mWc2Rb8YhN4uJd6FsA1eGk5oIyQtE',
  SMTP_URL: 'smtps://mail.example:465',
  PAYMENTS_PROVIDER: 'cryptomus',
  CRYPTOMUS_MERCHANT_ID: 'merchant',
  CRYPTOMUS_API_KEY: 'live-api-key',
  CARD_ISSUER: 'bridgecard',
  BRIDGECARD_BASE_URL: 'https://issuecards.api.bridgecard.co/v1/issuing',
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

/** The problems that stop a server from starting with these settings (server.ts parses them first thing). */
async function startProblems(env: Record<string, string>): Promise<string[]> {
  try {
    parseConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('unsafe deployments do not start (issue 17, findings 4 to 6)', () => {
  it('live mode starts with every safe setting, and refuses each unsafe one with its own line', async () => {
    expect(await startProblems(LIVE_ENV)).toEqual([]);
    const live = await createTestApp({ configEnv: LIVE_ENV });
    apps.push(live);
    expect((await live.request('GET', '/api/health')).statusCode).toBe(200);
    const unsafe: Array<[setting: string, env: Record<string, string>]> = [
      ['BRIDGECARD_BASE_URL', { ...LIVE_ENV, BRIDGECARD_BASE_URL: '' }],
      ['APP_URL', { ...LIVE_ENV, APP_URL: 'http://coincard.example' }],
      ['TRUST_PROXY', { ...LIVE_ENV, TRUST_PROXY: '' }],
      ['SESSION_SECRET', { ...LIVE_ENV, SESSION_SECRET: 'a'.repeat(32) }],
      ['SMTP_URL', { ...LIVE_ENV, SMTP_URL: 'smtp://mail.example:587' }],
      ['DATABASE_MIGRATION_URL', { ...LIVE_ENV, DATABASE_MIGRATION_URL: '' }],
    ];
    for (const [setting, env] of unsafe) {
      const problems = await startProblems(env);
      expect({ setting, problems }).toEqual({
        setting,
        problems: [expect.stringMatching(new RegExp(`^${setting}: `))],
      });
    }
  });

  it('demo mode does not start beside a production issuer or the real payment provider', async () => {
    const demo = { DEMO_MODE: 'true', APP_URL: 'https://demo.coincard.example' };
    const { PAYMENTS_PROVIDER: _, CRYPTOMUS_MERCHANT_ID: __, CRYPTOMUS_API_KEY: ___, ...issuerOnly } = LIVE_ENV;
    expect(await startProblems({ ...issuerOnly, ...demo })).toEqual([
      expect.stringMatching(/^BRIDGECARD_BASE_URL: is not the issuer's sandbox/),
    ]);
    const { CARD_ISSUER: ____, ...paymentsOnly } = issuerOnly;
    expect(
      await startProblems({
        ...paymentsOnly,
        ...demo,
        CARD_ISSUER: 'sandbox',
        PAYMENTS_PROVIDER: 'cryptomus',
        CRYPTOMUS_MERCHANT_ID: 'merchant',
        CRYPTOMUS_API_KEY: 'live-api-key',
      }),
    ).toEqual([expect.stringMatching(/^PAYMENTS_PROVIDER: cryptomus takes real payments/)]);
  });
});
