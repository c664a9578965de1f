import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSha256 } from '../../lib/crypto.js';
import { startFakeBridgecard } from '../../test/fake-bridgecard.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createBridgecardIssuer } from './bridgecard.js';
import { type CardIssuer, IssuerError } from './card-issuer.js';
import { sandboxIssuerCredentials } from './index.js';

const KEYS = {
  accessToken: 'at_test_contract',
  secretKey: 'sk_test_contract',
  webhookSecret: 'whsec_contract_0123456789',
};
const PROFILE = {
  address: {
    address: '9 Jibowu Street',
    city: 'Aba North',
    state: 'Abia',
    country: 'Nigeria',
    postal_code: '1000242',
    house_no: '13',
  },
  phone: '08122277789',
  identity: { id_type: 'NIGERIAN_BVN_VERIFICATION', bvn: '22222222222' },
};

let sandboxApp: TestApp;
let fake: Awaited<ReturnType<typeof startFakeBridgecard>>;
let fakeOffsetMs = 0;

beforeAll(async () => {
  sandboxApp = await createTestApp({ configEnv: { SANDBOX_ISSUER_WINDOW_SECONDS: '300' } });
  fake = await startFakeBridgecard({ ...KEYS, windowSeconds: 300, now: () => new Date(Date.now() + fakeOffsetMs) });
});
afterAll(async () => {
  await sandboxApp.close();
  await fake.close();
});

/** What the contract needs from each side besides the adapter: the issuer's own hands, and a clock. */
type Fixture = {
  issuer: () => CardIssuer;
  /** The issuer finishes a fund or unload it accepted. */
  complete: (reference: string) => Promise<void>;
  purchase: (cardId: string, cents: number) => Promise<string | null>;
  advance: (ms: number) => void;
  webhookSecret: () => string;
};

const fixtures: Record<string, Fixture> = {
  sandbox: {
    issuer: () => sandboxApp.deps.issuer,
    async complete() {
      await sandboxApp.deps.sandboxIssuer?.completeDue(new Date(sandboxApp.deps.now().getTime() + 86_400_000));
    },
    async purchase(cardId, cents) {
      const response = await sandboxApp.request('POST', `/sandbox/issuing/simulator/cards/${cardId}/purchases`, {
        body: { amountCents: cents, merchant: 'amazon' },
      });
      return response.json().reference;
    },
    advance: (ms) => sandboxApp.clock.advance(ms),
    webhookSecret: () => sandboxIssuerCredentials(sandboxApp.deps.sessionSecret).webhookSecret,
  },
  bridgecard: {
    issuer: () => createBridgecardIssuer({ ...KEYS, baseUrl: fake.url, cardholderProfile: PROFILE, timeoutMs: 500 }),
    async complete(reference) {
      await fake.completeOperation(reference, 'successful', { deliver: false });
    },
    async purchase(cardId, cents) {
      return (await fake.purchase(cardId, cents)).reference;
    },
    advance: (ms) => {
      fakeOffsetMs += ms;
    },
    webhookSecret: () => KEYS.webhookSecret,
  },
};

const WINDOW_MS = 5 * 60_000 + 1000;
let counter = 0;
const reference = () => `0190f0a0-0000-7000-8000-${String(++counter).padStart(12, '0')}`;

describe.each(Object.entries(fixtures))('card issuer contract: %s', (_name, fixture) => {
  let issuer: CardIssuer;
  let cardholderId: string;
  beforeAll(async () => {
    issuer = fixture.issuer();
    ({ cardholderId } = await issuer.createCardholder({ userId: reference(), email: 'ada.lovelace@example.com' }));
  });

  async function newCard(pin = '0042') {
    return (await issuer.createCard({ cardholderId, reference: reference(), pin, userId: 'u-1' })).cardId;
  }

  async function fund(cardId: string, cents: number) {
    const ref = reference();
    await issuer.fundCard({ cardId, amountCents: cents, reference: ref });
    await fixture.complete(ref);
    fixture.advance(WINDOW_MS);
    return ref;
  }

  it('creates one card per reference, active, empty, with the holder and last four digits', async () => {
    const ref = reference();
    const first = await issuer.createCard({ cardholderId, reference: ref, pin: '0007', userId: 'u-1' });
    const again = await issuer.createCard({ cardholderId, reference: ref, pin: '0007', userId: 'u-1' });
    expect(again.cardId).toBe(first.cardId);
    const card = await issuer.getCard(first.cardId);
    expect(card).toMatchObject({ cardId: first.cardId, balanceCents: 0, isActive: true, isDeleted: false });
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(card.holderName.toUpperCase()).toContain('ADALOVELACE');
  });

  it('reveals a Luhn-valid Mastercard number, a CVV and a future expiry', async () => {
    const cardId = await newCard();
    const secrets = await issuer.getCardSecrets(cardId);
    expect(secrets.cardNumber).toMatch(/^5\d{15}$/);
    const digits = [...secrets.cardNumber].map(Number).reverse();
    const sum = digits.reduce(
      (total, digit, i) => total + (i % 2 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit),
      0,
    );
    expect(sum % 10).toBe(0);
    expect(secrets.cardNumber.slice(-4)).toBe((await issuer.getCard(cardId)).last4);
    expect(secrets.cvv).toMatch(/^\d{3}$/);
    expect(Number(secrets.expiryYear)).toBeGreaterThan(new Date().getUTCFullYear());
    expect(secrets.expiryMonth).toMatch(/^(0[1-9]|1[0-2])$/);
  });

  it('funds asynchronously, once per reference, and reports the outcome by status', async () => {
    const cardId = await newCard();
    const ref = reference();
    await issuer.fundCard({ cardId, amountCents: 2500, reference: ref });
    expect(await issuer.operationStatus(cardId, ref)).toBe('pending');
    expect((await issuer.getCard(cardId)).balanceCents).toBe(0);
    await issuer.fundCard({ cardId, amountCents: 2500, reference: ref });
    await fixture.complete(ref);
    expect(await issuer.operationStatus(cardId, ref)).toBe('successful');
    expect((await issuer.getCard(cardId)).balanceCents).toBe(2500);
    expect(await issuer.operationStatus(cardId, reference())).toBe('unknown');
  });

  it('allows one movement per card per 5 minutes, saying how long to wait', async () => {
    const cardId = await newCard();
    await issuer.fundCard({ cardId, amountCents: 1000, reference: reference() });
    const refused = await issuer.fundCard({ cardId, amountCents: 1000, reference: reference() }).catch((e) => e);
    expect(refused).toBeInstanceOf(IssuerError);
    expect(refused).toMatchObject({ kind: 'busy', isRetryable: true });
    expect(refused.retryAfterSeconds).toBeGreaterThan(200);
    fixture.advance(WINDOW_MS);
    await expect(issuer.fundCard({ cardId, amountCents: 1000, reference: reference() })).resolves.toBeUndefined();
  });

  it('unloads within the balance and refuses more than it', async () => {
    const cardId = await newCard();
    await fund(cardId, 3000);
    const tooMuch = await issuer.unloadCard({ cardId, amountCents: 3001, reference: reference() }).catch((e) => e);
    expect(tooMuch).toMatchObject({ kind: 'refused', isRetryable: false });
    const ref = reference();
    await issuer.unloadCard({ cardId, amountCents: 1000, reference: ref });
    expect((await issuer.getCard(cardId)).availableCents).toBe(2000);
    await fixture.complete(ref);
    expect((await issuer.getCard(cardId)).balanceCents).toBe(2000);
  });

  it('declines purchases on a frozen card, takes a new PIN, and deletes only an empty card', async () => {
    const cardId = await newCard();
    await fund(cardId, 1500);
    await issuer.freezeCard(cardId);
    expect((await issuer.getCard(cardId)).isActive).toBe(false);
    expect(await fixture.purchase(cardId, 100)).toBeNull();
    await issuer.unfreezeCard(cardId);
    await expect(issuer.updatePin(cardId, '9876')).resolves.toBeUndefined();
    expect(await fixture.purchase(cardId, 500)).not.toBeNull();
    await expect(issuer.deleteCard(cardId)).rejects.toMatchObject({ kind: 'refused' });
    const ref = reference();
    await issuer.unloadCard({ cardId, amountCents: 1000, reference: ref });
    await fixture.complete(ref);
    await issuer.deleteCard(cardId);
    expect((await issuer.getCard(cardId)).isDeleted).toBe(true);
  });

  it('lists transactions newest first, in pages of our size', async () => {
    const cardId = await newCard();
    await fund(cardId, 10_000);
    for (let cents = 101; cents <= 111; cents += 1) {
      await fixture.purchase(cardId, cents);
      fixture.advance(1000);
    }
    const first = await issuer.listTransactions(cardId, 1, 10);
    expect(first).toMatchObject({ total: 12, pages: 2 });
    expect(first.transactions.map((tx) => tx.amountCents)).toEqual([111, 110, 109, 108, 107, 106, 105, 104, 103, 102]);
    expect(first.transactions[0]).toMatchObject({ type: 'debit', currency: 'USD' });
    const second = await issuer.listTransactions(cardId, 2, 10);
    expect(second.transactions.map((tx) => [tx.type, tx.amountCents])).toEqual([
      ['debit', 101],
      ['credit', 10_000],
    ]);
  });

  it('answers a clear error, never a crash, for a card it does not know', async () => {
    const error = await issuer.getCard('f'.repeat(32)).catch((e) => e);
    expect(error).toBeInstanceOf(IssuerError);
    expect(['refused', 'not-found']).toContain(error.kind);
  });

  it('accepts webhooks signed with the secret, for each event, and refuses any other', () => {
    const sign = (body: string) => hmacSha256(fixture.webhookSecret(), body);
    const event = (name: string, data: Record<string, unknown>) => {
      const body = JSON.stringify({ event: name, data });
      return issuer.verifyWebhook(body, sign(body)).event;
    };
    const base = { card_id: 'c1', amount: '1250', currency: 'USD' };
    expect(event('card_credit_event.successful', { ...base, transaction_reference: 'r1' })).toEqual({
      kind: 'fund',
      outcome: 'successful',
      cardId: 'c1',
      reference: 'r1',
      amountCents: 1250,
      reason: null,
    });
    expect(event('card_unload_event.failed', { ...base, transaction_reference: 'r2', reason: 'no' })).toMatchObject({
      kind: 'unload',
      outcome: 'failed',
      reason: 'no',
    });
    expect(
      event('card_debit_event.successful', { ...base, transaction_reference: 'r3', description: 'X' }),
    ).toMatchObject({
      kind: 'debit',
      outcome: 'successful',
      reference: 'r3',
      description: 'X',
    });
    expect(event('card_debit_event.declined', { ...base, decline_reason: 'Card is frozen' })).toMatchObject({
      kind: 'debit',
      outcome: 'declined',
      reference: null,
      reason: 'Card is frozen',
    });
    expect(event('card_reversal_event.successful', { ...base, transaction_reference: 'r3_REVERSAL' })).toMatchObject({
      kind: 'reversal',
      reference: 'r3_REVERSAL',
    });
    expect(event('3d_secure_otp_event.generated', { card_id: 'c1', otp: '123456' })).toMatchObject({ kind: 'other' });
    const body = JSON.stringify({
      event: 'card_credit_event.successful',
      data: { ...base, transaction_reference: 'r1' },
    });
    for (const signature of [undefined, '', 'ab', hmacSha256('wrong-secret', body), sign(`${body} `)]) {
      expect(() => issuer.verifyWebhook(body, signature)).toThrow(IssuerError);
    }
    expect(() => issuer.verifyWebhook('not json', sign('not json'))).toThrow(IssuerError);
  });
});

describe('Bridgecard adapter on the wire', () => {
  const issuer = () =>
    createBridgecardIssuer({ ...KEYS, baseUrl: fake.url, cardholderProfile: PROFILE, timeoutMs: 500 });

  it('signs every call with `token: Bearer`, sends cents as strings and the PIN encrypted with the secret key', async () => {
    const adapter = issuer();
    const { cardholderId } = await adapter.createCardholder({ userId: 'user-wire', email: 'wire@example.com' });
    const { cardId } = await adapter.createCard({
      cardholderId,
      reference: reference(),
      pin: '0042',
      userId: 'user-wire',
    });
    await adapter.fundCard({ cardId, amountCents: 12_345, reference: reference() });
    expect(fake.requests.every((request) => request.headers.token === `Bearer ${KEYS.accessToken}`)).toBe(true);
    const register = fake.requests.findLast(
      (request) => request.path === '/cardholder/register_cardholder_synchronously',
    );
    expect(register?.body).toMatchObject({
      email_address: 'wire@example.com',
      meta_data: { user_id: 'user-wire' },
      phone: PROFILE.phone,
    });
    const created = fake.requests.findLast((request) => request.path === '/cards/create_card');
    expect(created?.body).toMatchObject({ card_type: 'virtual', card_brand: 'Mastercard', card_currency: 'USD' });
    expect(String(created?.body?.pin)).not.toContain('0042');
    expect(fake.cards.get(cardId)?.pin).toBe('0042');
    const funded = fake.requests.findLast((request) => request.path === '/cards/fund_card_asynchronously');
    expect(funded?.body).toMatchObject({ card_id: cardId, amount: '12345', currency: 'USD' });
  });

  it('turns an outage or a timeout into a retryable error', async () => {
    const adapter = issuer();
    fake.failNext(1, { status: 503, message: 'Service unavailable' });
    await expect(adapter.getCard('x')).rejects.toMatchObject({ kind: 'unavailable', isRetryable: true });
    fake.failNext(1, 'hang');
    await expect(adapter.getCard('x')).rejects.toMatchObject({ kind: 'unavailable', isRetryable: true });
  });

  it('refuses to hand out card details that are still encrypted tokens', async () => {
    // Outside the issuer's secure relay, get_card_details answers tokens in place of the number and CVV.
    const relayless = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status: 'success',
          message: 'Card details was fetched successfully',
          data: {
            card_number: 'ev:RFVC:abc',
            cvv: 'ev:RFVC:def',
            expiry_month: 'ev:RFVC:ghi',
            expiry_year: 'ev:RFVC:jkl',
          },
        }),
      );
    });
    await new Promise<void>((resolve) => relayless.listen(0, '127.0.0.1', resolve));
    const { port } = relayless.address() as AddressInfo;
    try {
      const adapter = createBridgecardIssuer({
        ...KEYS,
        cardholderProfile: PROFILE,
        baseUrl: `http://127.0.0.1:${port}`,
      });
      await expect(adapter.getCardSecrets('x')).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await new Promise((resolve) => relayless.close(resolve));
    }
  });
});
