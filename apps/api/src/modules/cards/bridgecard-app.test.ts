import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, cardOf, createCard, fundedUser } from '../../test/card-helpers.js';
import { countRows } from '../../test/count-rows.js';
import { startFakeBridgecard } from '../../test/fake-bridgecard.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const KEYS = { accessToken: 'at_test_app', secretKey: 'sk_test_app', webhookSecret: 'whsec_app_0123456789abcdef' };
const PROFILE = JSON.stringify({
  address: {
    address: '1 Main St',
    city: 'Lagos',
    state: 'Lagos',
    country: 'Nigeria',
    postal_code: '100001',
    house_no: '1',
  },
  phone: '08000000000',
  identity: { id_type: 'NIGERIAN_BVN_VERIFICATION', bvn: '22222222222' },
});

let fake: Awaited<ReturnType<typeof startFakeBridgecard>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBridgecard({ ...KEYS, windowSeconds: 300 });
  t = await createTestApp({
    configEnv: {
      CARD_ISSUER: 'bridgecard',
      BRIDGECARD_BASE_URL: fake.url,
      BRIDGECARD_ACCESS_TOKEN: KEYS.accessToken,
      BRIDGECARD_SECRET_KEY: KEYS.secretKey,
      BRIDGECARD_WEBHOOK_SECRET: KEYS.webhookSecret,
      BRIDGECARD_CARDHOLDER_PROFILE: PROFILE,
    },
  });
  fake.setWebhookUrl(`${t.appUrl}/api/webhooks/issuing`);
});
afterAll(async () => {
  await expectLedgerInvariants(t.deps.db);
  await t.close();
  await fake.close();
});

describe('the product on a Bridgecard-compatible issuer', () => {
  it('creates the cardholder and card, loads through a webhook, and records spending', async () => {
    expect(t.deps.sandboxIssuer).toBeNull();
    expect((await t.request('GET', '/sandbox/issuing/simulator/cards/x')).statusCode).toBe(404);
    const { jar, user } = await fundedUser(t, 'bridge@example.com', 10_000);
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toMatch(/^[0-9a-f]{32}$/);
    const created = (await createCard(t, jar, { name: 'Bridge', pin: 7 })).json();
    expect(created.card).toMatchObject({ status: 'active', simulatorUrl: null });
    const issuerCard = [...fake.cards.values()].find((card) => card.card_number.endsWith(created.card.last4Digits));
    expect(issuerCard?.pin).toBe('0007');

    const load = (
      await t.request('PATCH', `/api/cards/${created.card._id}/load`, { jar, body: { amount: 4000 } })
    ).json();
    expect(load.operation.status).toBe('pending');
    const delivered = await fake.completeOperation(load.operation._id, 'successful');
    expect(delivered?.status).toBe(200);
    await t.runJobs();
    expect(await cardOf(t, jar, created.card._id)).toMatchObject({ balance: 4000, pendingOperations: [] });
    expect(await balanceOf(t, jar)).toBe(10_000 - 1500 - 4300);

    const { reference } = await fake.purchase(issuerCard?.card_id ?? '', 1234, {
      name: 'Apple',
      category: 'Others',
      group: 'Other Outgoing Transactions',
      logo: 'https://logos.example.com/apple.com',
      recurring: true,
      description: 'Apple Inc. US',
    });
    expect(reference).not.toBeNull();
    await t.runJobs();
    expect((await cardOf(t, jar, created.card._id)).balance).toBe(2766);
    const history = (await t.request('GET', `/api/cards/${created.card._id}/transactions`, { jar })).json();
    expect(history.transactions[0]).toMatchObject({
      amount: 1234,
      card_transaction_type: 'DEBIT',
      enriched_data: {
        merchant_name: 'Apple',
        merchant_logo: 'https://logos.example.com/apple.com',
        is_recurring: true,
      },
    });
    expect(await countRows(t, 'provider_events', sql`provider = 'bridgecard'`)).toBe(2);
    expect(user.email).toBe('bridge@example.com');
  });

  it('refuses webhooks the issuer did not sign', async () => {
    const body = JSON.stringify({ event: 'card_reversal_event.successful', data: { card_id: 'x', amount: '100' } });
    const response = await fetch(`${t.appUrl}/api/webhooks/issuing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': fake.signWebhook(`${body} `) },
      body,
    });
    expect(response.status).toBe(401);
  });
});
