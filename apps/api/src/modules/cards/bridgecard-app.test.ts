import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, cardOf, createCard, fundedUser, TEST_IDENTITY, verifyCardholder } from '../../test/card-helpers.js';
import { countRows } from '../../test/count-rows.js';
import { startFakeBridgecard } from '../../test/fake-bridgecard.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const KEYS = { accessToken: 'at_test_app', secretKey: 'sk_test_app', webhookSecret: 'whsec_app_0123456789abcdef' };
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
    const { jar, user } = await fundedUser(t, 'bridge@example.com', 10_000, {
      settle: async () => {
        await fake.decisionsSent();
        await t.runJobs();
      },
    });
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toMatch(/^[0-9a-f]{32}$/);
    const created = (await createCard(t, jar, { name: 'Bridge', pin: 7 })).json();
    // The name on the card is the cardholder's legal name, as verified.
    expect(created.card).toMatchObject({ status: 'active', simulatorUrl: null, holderName: 'Ada Lovelace' });
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
    // The identity decision, the load and the purchase.
    expect(await countRows(t, 'provider_events', sql`provider = 'bridgecard'`)).toBe(3);
    expect(user.email).toBe('bridge@example.com');
  });

  it('applies a refusal that arrives later and twice once; the person fixes the number and is verified', async () => {
    const { jar } = await t.signUpVerified('bridge-refused@example.com');
    fake.planVerification({ outcome: 'failed', reason: 'The ID number does not match the name', deliveries: 2 });
    const submitted = await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json()).toMatchObject({ status: 'pending', reason: null, attemptsLeft: 4 });
    const registration = fake.requests.findLast((request) => request.path === '/cardholder/register_cardholder');
    const holderId = [...fake.cardholders.values()].find(
      (holder) => holder.registration === registration?.body,
    )?.cardholder_id;
    expect(registration?.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+442079460123',
      identity: { id_no: 'P12345678', date_of_birth: '1990-12-10', id_country: 'GB' },
    });

    await fake.decisionsSent();
    const sent = fake.webhooks.filter((webhook) => webhook.data.cardholder_id === holderId);
    expect(sent.map((webhook) => [webhook.event, webhook.status])).toEqual([
      ['cardholder_verification.failed', 200],
      ['cardholder_verification.failed', 200],
    ]);
    await t.runJobs();
    expect((await t.request('GET', '/api/cardholder', { jar })).json()).toMatchObject({
      status: 'rejected',
      reason: 'The ID number does not match the name',
      attemptsLeft: 4,
    });
    expect(await countRows(t, 'provider_events', sql`subject = ${holderId ?? ''}`)).toBe(1);
    expect(await countRows(t, 'audit_log', sql`action = 'cardholder.rejected'`)).toBe(1);
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBeNull();

    const fixed = await verifyCardholder(t, jar, { idNumber: 'P87654321' }, async () => {
      await fake.decisionsSent();
      await t.runJobs();
    });
    expect(fixed).toMatchObject({ status: 'approved', reason: null, attemptsLeft: 3 });
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toMatch(/^[0-9a-f]{32}$/);
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

  it('holds controls after the purchase: no authorization hook, frozen at a limit, single-use closed', async () => {
    const settle = async () => {
      await fake.decisionsSent();
      await t.runJobs();
    };
    const { jar } = await fundedUser(t, 'bridge-controls@example.com', 20_000, { settle });
    const loadedCard = async (body: Record<string, unknown>) => {
      const card = (await createCard(t, jar, body)).json().card;
      const load = (await t.request('PATCH', `/api/cards/${card._id}/load`, { jar, body: { amount: 4000 } })).json();
      await fake.completeOperation(load.operation._id, 'successful');
      await t.runJobs();
      const issuerCard = [...fake.cards.values()].find((entry) => entry.card_number.endsWith(card.last4Digits));
      return { cardId: card._id as string, issuerCardId: issuerCard?.card_id ?? '' };
    };
    const limited = await loadedCard({ name: 'Limited', pin: 1234 });
    const put = await t.request('PUT', `/api/cards/${limited.cardId}/controls`, {
      jar,
      body: { perPurchase: null, daily: 2000, monthly: null, merchantLock: false, blockedCategories: [] },
    });
    expect(put.json()).toMatchObject({ enforcement: 'after-purchase', daily: 2000 });
    expect((await t.request('POST', '/api/issuing/authorizations', { body: {} })).statusCode).toBe(404);

    await fake.purchase(limited.issuerCardId, 1500);
    await t.runJobs();
    expect(await cardOf(t, jar, limited.cardId)).toMatchObject({ status: 'active', balance: 2500 });
    await fake.purchase(limited.issuerCardId, 600);
    await t.runJobs();
    expect(await cardOf(t, jar, limited.cardId)).toMatchObject({ status: 'frozen', frozenReason: 'limit' });
    expect(fake.requests.some((r) => r.path === '/cards/freeze_card' && r.query.card_id === limited.issuerCardId)).toBe(
      true,
    );
    const controls = (await t.request('GET', `/api/cards/${limited.cardId}/controls`, { jar })).json();
    expect(controls.dailyWindow).toMatchObject({ spent: 2100, left: 0 });

    const single = await loadedCard({ name: 'Once', pin: 1234, singleUse: true });
    await fake.purchase(single.issuerCardId, 1000);
    await t.runJobs();
    expect((await t.request('GET', `/api/cards/${single.cardId}/public`, { jar })).statusCode).toBe(404);
    expect(
      await countRows(t, 'card_operations', sql`card_id = ${single.cardId} and kind = 'close' and amount = 3000`),
    ).toBe(1);
  });
});
