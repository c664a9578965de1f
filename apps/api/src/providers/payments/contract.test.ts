import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWebhook } from '../../test/deposit-helpers.js';
import { startFakeCryptomus } from '../../test/fake-cryptomus.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createCryptomusProvider } from './cryptomus.js';
import type { PaymentProvider } from './payment-provider.js';

const MERCHANT = { merchantId: 'merchant-uuid-1', apiKey: 'fake-payment-api-key' };

let sandboxApp: TestApp;
let fake: Awaited<ReturnType<typeof startFakeCryptomus>>;
let cryptomusApp: TestApp;

/** The fake provider settles and delivers its webhook over HTTP; the app's queue then applies it. */
async function settle(...args: Parameters<typeof fake.settle>) {
  const delivered = await fake.settle(...args);
  await cryptomusApp.runJobs();
  return delivered;
}

beforeAll(async () => {
  sandboxApp = await createTestApp();
  fake = await startFakeCryptomus(MERCHANT);
  cryptomusApp = await createTestApp({
    configEnv: {
      PAYMENTS_PROVIDER: 'cryptomus',
      CRYPTOMUS_BASE_URL: fake.url,
      CRYPTOMUS_MERCHANT_ID: MERCHANT.merchantId,
      CRYPTOMUS_API_KEY: MERCHANT.apiKey,
    },
  });
});
afterAll(async () => {
  await sandboxApp.close();
  await cryptomusApp.close();
  await fake.close();
});

type Fixture = {
  provider: () => PaymentProvider;
  callbackUrl: () => string;
  signWebhook: (payload: Record<string, unknown>) => string;
};

const fixtures: Record<string, Fixture> = {
  sandbox: {
    provider: () => sandboxApp.deps.payments,
    callbackUrl: () => `${sandboxApp.appUrl}/api/webhooks/payments`,
    signWebhook: (payload) => signedWebhook(sandboxApp, payload),
  },
  cryptomus: {
    provider: () => cryptomusApp.deps.payments,
    callbackUrl: () => `${cryptomusApp.appUrl}/api/webhooks/payments`,
    signWebhook: (payload) => fake.signWebhook(payload),
  },
};

describe.each(Object.entries(fixtures))('payment provider contract: %s', (_name, fixture) => {
  const invoiceInput = (orderId: string) => ({
    orderId,
    amountCents: 2500,
    coin: 'USDT',
    network: 'TRON',
    callbackUrl: fixture.callbackUrl(),
    returnUrl: 'http://localhost:3000/dashboard',
    lifetimeSeconds: 3600,
  });

  it('creates a USD invoice with a payment link, pending, and the same invoice again for the same order id', async () => {
    const orderId = `contract-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const first = await fixture.provider().createInvoice(invoiceInput(orderId));
    expect(first).toMatchObject({ orderId, status: 'PENDING', amountPaidCents: null });
    expect(first.paymentUrl).toMatch(/^https?:\/\//);
    expect(first.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const again = await fixture.provider().createInvoice(invoiceInput(orderId));
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    const info = await fixture.provider().getInvoice(orderId);
    expect(info.providerPaymentId).toBe(first.providerPaymentId);
  });

  it('answers a USD exchange rate', async () => {
    expect(await fixture.provider().exchangeRate('BTC')).toBeGreaterThan(10_000);
    expect(await fixture.provider().exchangeRate('USDT')).toBeCloseTo(1, 1);
  });

  it('accepts a correctly signed webhook and refuses a wrong one', async () => {
    const payload = { type: 'payment', order_id: 'order-1', status: 'paid', amount: '25.00', url: 'https://a.b/c/d' };
    const good = fixture.signWebhook(payload);
    expect(fixture.provider().verifyWebhook(good)).toMatchObject({ orderId: 'order-1', providerStatus: 'paid' });
    const bad = good.replace('"paid"', '"paid_over"');
    expect(() => fixture.provider().verifyWebhook(bad)).toThrow(
      expect.objectContaining({ errorCode: 'InvalidSignature' }),
    );
  });
});

describe('Cryptomus adapter against the documented protocol', () => {
  it('signs invoice creation the documented way and sends the documented fields', async () => {
    const orderId = `fields-${Date.now()}`;
    await cryptomusApp.deps.payments.createInvoice({
      orderId,
      amountCents: 123456,
      coin: 'USDT',
      network: 'TRON',
      callbackUrl: 'http://x.test/cb',
      returnUrl: 'http://x.test/r',
      lifetimeSeconds: 3600,
    });
    const sent = fake.requests.find((r) => r.path === '/v1/payment' && r.body.order_id === orderId);
    expect(sent?.body).toMatchObject({
      amount: '1234.56',
      currency: 'USD',
      to_currency: 'USDT',
      network: 'tron',
      order_id: orderId,
      lifetime: 3600,
      url_callback: 'http://x.test/cb',
    });
  });

  it('turns a refusal (wrong key) into a ProviderError, not a crash', async () => {
    const wrong = createCryptomusProvider({ baseUrl: fake.url, merchantId: MERCHANT.merchantId, apiKey: 'wrong' });
    await expect(wrong.getInvoice('x')).rejects.toMatchObject({ errorCode: 'ProviderError' });
    const unreachable = createCryptomusProvider({
      baseUrl: 'http://127.0.0.1:9',
      merchantId: 'm',
      apiKey: 'k',
      timeoutMs: 2000,
    });
    await expect(unreachable.exchangeRate('BTC')).rejects.toMatchObject({ errorCode: 'ProviderError' });
  });

  it('verifies a webhook whose values hold slashes, signed over PHP-escaped JSON', () => {
    const body = fake.signWebhook({
      type: 'payment',
      order_id: 'o-2',
      status: 'paid',
      additional_data: '{"url":"https://x.test/a/b"}',
    });
    expect(body).not.toContain('\\/');
    expect(cryptomusApp.deps.payments.verifyWebhook(body).orderId).toBe('o-2');
  });

  it('credits an overpayment with the USD amount from the signed webhook when the info answer omits it', async () => {
    const { jar } = await cryptomusApp.signUpVerified('cryptomus-over@example.com');
    const deposit = (
      await cryptomusApp.request('POST', '/api/transactions', {
        jar,
        body: { currency: 'USDT', network: 'TRON', amountInUsd: 5000 },
      })
    ).json();
    expect((await settle(deposit.orderId, 'paid_over', '55.00', { infoOmitsAmount: true })).status).toBe(200);
    expect((await cryptomusApp.request('GET', '/api/user', { jar })).json().balance).toBe(5500);
    await expectLedgerInvariants(cryptomusApp.deps.db);
  });

  it("credits a BTC overpayment with the webhook's USD value, checked against the provider's BTC rate", async () => {
    const { jar } = await cryptomusApp.signUpVerified('cryptomus-btc@example.com');
    const topUp = (email: string) =>
      cryptomusApp.request('POST', '/api/transactions', {
        jar,
        body: { currency: 'BTC', network: 'BTC', amountInUsd: 5000 },
        headers: { 'idempotency-key': email },
      });
    // 0.00057895 BTC at the fake's 95,000.50 is $55.00; the info answer says so in BTC and leaves the USD value out.
    const agreeing = (await topUp('agreeing')).json();
    const payment = { coin: 'BTC', amount: '0.00057895' };
    expect((await settle(agreeing.orderId, 'paid_over', '55.00', { payment })).status).toBe(200);
    expect((await cryptomusApp.request('GET', '/api/user', { jar })).json().balance).toBe(5500);
    // The same coins reported as $75.00: held for a person, nothing credited.
    const disagreeing = (await topUp('disagreeing')).json();
    expect((await settle(disagreeing.orderId, 'paid_over', '75.00', { payment })).status).toBe(200);
    const [held] = (await cryptomusApp.request('GET', '/api/transactions', { jar })).json().transactions;
    expect(held).toMatchObject({ _id: disagreeing._id, status: 'PENDING', amountPaid: 0 });
    expect((await cryptomusApp.request('GET', '/api/user', { jar })).json().balance).toBe(5500);
    await expectLedgerInvariants(cryptomusApp.deps.db);
  });

  it('never closes a partial payment whose amount nobody reports: it waits for a person, crediting nothing', async () => {
    const { jar } = await cryptomusApp.signUpVerified('cryptomus-unknown@example.com');
    const deposit = (
      await cryptomusApp.request('POST', '/api/transactions', {
        jar,
        body: { currency: 'USDT', network: 'TRON', amountInUsd: 5000 },
      })
    ).json();
    expect((await settle(deposit.orderId, 'wrong_amount', null)).status).toBe(200);
    const [row] = (await cryptomusApp.request('GET', '/api/transactions', { jar })).json().transactions;
    expect(row).toMatchObject({ status: 'PENDING', amountPaid: 0 });
    expect((await cryptomusApp.request('GET', '/api/user', { jar })).json().balance).toBe(0);
  });

  it('runs a whole top-up: invoice, webhook from the provider, confirmed by info, credited once', async () => {
    const { jar } = await cryptomusApp.signUpVerified('cryptomus-user@example.com');
    const deposit = (
      await cryptomusApp.request('POST', '/api/transactions', {
        jar,
        body: { currency: 'USDT', network: 'TRON', amountInUsd: 2500 },
      })
    ).json();
    expect(deposit.paymentUrl).toMatch(/^https:\/\/pay\.fake-cryptomus\.test\/pay\//);
    const delivered = await settle(deposit.orderId, 'paid', '25.00');
    expect(delivered.status).toBe(200);
    await settle(deposit.orderId, 'paid', '25.00');
    const me = (await cryptomusApp.request('GET', '/api/user', { jar })).json();
    expect(me.balance).toBe(2500);
    await expectLedgerInvariants(cryptomusApp.deps.db);
  });
});
