import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxIssuerWebhooks } from '../../db/schema/index.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { startFakeBridgecard } from '../../test/fake-bridgecard.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createBridgecardIssuer } from './bridgecard.js';
import { type CardholderRegistration, type CardIssuer, IssuerError } from './card-issuer.js';
import { sandboxIssuerCredentials } from './index.js';

const KEYS = {
  accessToken: 'at_test_contract',
  secretKey: 'sk_test_contract',
  webhookSecret: 'whsec_contract_0123456789',
};
/** A person as the verification step sends them; the document number decides the sandbox's answer. */
const person = (idNumber: string): CardholderRegistration => ({
  userId: reference(),
  verificationId: reference(),
  email: 'ada.lovelace@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  phone: '+442079460123',
  address: { line1: '12 Ada Street', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
  idType: 'passport',
  idNumber,
  idCountry: 'GB',
});

type Decision = 'approved' | 'rejected' | 'needs_more_information';

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
  /** The document number to register with so the issuer decides `decision` (the sandbox reads it; the fake plans). */
  numberFor: (decision: Decision) => string;
  /** The issuer decides the cardholder's identity; answers the webhook it sends about it. */
  decide: (cardholderId: string) => Promise<{ rawBody: string; signature: string }>;
  /** The issuer finishes a fund or unload it accepted. */
  complete: (reference: string) => Promise<void>;
  purchase: (cardId: string, cents: number) => Promise<string | null>;
  advance: (ms: number) => void;
  webhookSecret: () => string;
};

const fixtures: Record<string, Fixture> = {
  sandbox: {
    issuer: () => sandboxApp.deps.issuer,
    numberFor: (decision) =>
      ({ approved: 'P1234567', rejected: 'P12340000', needs_more_information: 'P12341111' })[decision],
    async decide(cardholderId) {
      await sandboxApp.deps.sandboxIssuer?.completeDue(new Date(sandboxApp.deps.now().getTime() + 86_400_000));
      const [webhook] = await sandboxApp.deps.db
        .select()
        .from(sandboxIssuerWebhooks)
        .where(like(sandboxIssuerWebhooks.body, `%"cardholder_id":"${cardholderId}"%`));
      if (!webhook) throw new Error('the sandbox sent no decision');
      const secret = sandboxIssuerCredentials(sandboxApp.deps.sessionSecret).webhookSecret;
      return { rawBody: webhook.body, signature: hmacSha256(secret, webhook.body) };
    },
    async complete() {
      await sandboxApp.deps.sandboxIssuer?.completeDue(new Date(sandboxApp.deps.now().getTime() + 86_400_000));
    },
    async purchase(cardId, cents) {
      const response = await sandboxApp.request('POST', `/sandbox/issuing/simulator/cards/${cardId}/purchases`, {
        body: { amountCents: cents, merchant: 'amazon' },
      });
      // The sandbox gives a decline a reference too; the contract asks only whether the purchase went through.
      return response.json().outcome === 'successful' ? response.json().reference : null;
    },
    advance: (ms) => sandboxApp.clock.advance(ms),
    webhookSecret: () => sandboxIssuerCredentials(sandboxApp.deps.sessionSecret).webhookSecret,
  },
  bridgecard: {
    issuer: () => createBridgecardIssuer({ ...KEYS, baseUrl: fake.url, timeoutMs: 500 }),
    numberFor(decision) {
      if (decision === 'rejected') fake.planVerification({ outcome: 'failed', reason: 'The ID number is invalid' });
      if (decision === 'needs_more_information') {
        fake.planVerification({ outcome: 'failed', reason: 'Send a clearer document', needsMoreInformation: true });
      }
      return 'P1234567';
    },
    async decide(cardholderId) {
      await fake.decisionsSent();
      const webhook = fake.webhooks.findLast((sent) => sent.data.cardholder_id === cardholderId);
      if (!webhook) throw new Error('the fake sent no decision');
      return { rawBody: webhook.rawBody, signature: webhook.signature };
    },
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
    ({ cardholderId } = await issuer.registerCardholder(person(fixture.numberFor('approved'))));
    await fixture.decide(cardholderId);
  });

  const decisionOf = async (id: string) => {
    const { rawBody, signature } = await fixture.decide(id);
    return issuer.verifyWebhook(rawBody, signature).event;
  };

  it('registers a cardholder at once, gives them no card before the signed webhook says they are verified', async () => {
    const { cardholderId: id } = await issuer.registerCardholder(person(fixture.numberFor('approved')));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect(
      issuer.createCard({ cardholderId: id, reference: reference(), pin: '0042', userId: 'u-1' }),
    ).rejects.toMatchObject({ kind: 'refused' });
    expect(await decisionOf(id)).toEqual({ kind: 'cardholder', outcome: 'approved', cardholderId: id, reason: null });
    await expect(
      issuer.createCard({ cardholderId: id, reference: reference(), pin: '0042', userId: 'u-1' }),
    ).resolves.toMatchObject({ cardId: expect.any(String) });
  });

  it('refuses an identity with the reason, or asks for more, by the same webhook', async () => {
    const refused = await issuer.registerCardholder(person(fixture.numberFor('rejected')));
    expect(await decisionOf(refused.cardholderId)).toMatchObject({
      kind: 'cardholder',
      outcome: 'rejected',
      reason: expect.stringMatching(/\w{5}/),
    });
    const unsure = await issuer.registerCardholder(person(fixture.numberFor('needs_more_information')));
    expect(await decisionOf(unsure.cardholderId)).toMatchObject({
      kind: 'cardholder',
      outcome: 'needs_more_information',
      reason: expect.stringMatching(/\w{5}/),
    });
    await expect(
      issuer.createCard({ cardholderId: refused.cardholderId, reference: reference(), pin: '0042', userId: 'u-1' }),
    ).rejects.toMatchObject({ kind: 'refused' });
  });

  it('refuses a registration that lacks what the issuer needs, as a definite no', async () => {
    const incomplete = { ...person('P1234567'), firstName: '' };
    await expect(issuer.registerCardholder(incomplete)).rejects.toMatchObject({ kind: 'refused' });
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
    // The name on the card is the cardholder's legal name, as verified.
    expect(card.holderName.toUpperCase()).toBe('ADA LOVELACE');
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
    const declined = {
      ...base,
      decline_reason: 'Card is frozen',
      description: 'Amazon',
      transaction_date: '2026-11-22 14:05:09',
    };
    const decline = event('card_debit_event.declined', declined);
    expect(decline).toMatchObject({
      kind: 'decline',
      merchant: 'Amazon',
      reason: 'Card is frozen',
      occurredAt: new Date('2026-11-22T14:05:09Z'),
    });
    // No reference from the issuer: the same bytes give the same one, another decline another.
    expect(event('card_debit_event.declined', declined)).toEqual(decline);
    expect(event('card_debit_event.declined', { ...declined, amount: '99' })).not.toMatchObject({
      reference: (decline as { reference: string }).reference,
    });
    expect(event('card_debit_event.declined', { ...declined, transaction_reference: 'd1' })).toMatchObject({
      kind: 'decline',
      reference: 'd1',
    });
    expect(event('card_reversal_event.successful', { ...base, transaction_reference: 'r3_REVERSAL' })).toMatchObject({
      kind: 'reversal',
      reference: 'r3_REVERSAL',
    });
    expect(event('3d_secure_otp_event.generated', { card_id: 'c1', otp: '123456' })).toMatchObject({ kind: 'other' });
    const holder = { cardholder_id: 'h1', is_active: true, livemode: false, issuing_app_id: 'app' };
    expect(event('cardholder_verification.successful', holder)).toEqual({
      kind: 'cardholder',
      outcome: 'approved',
      cardholderId: 'h1',
      reason: null,
    });
    expect(event('cardholder_verification.failed', { ...holder, error_description: 'invalid ID number' })).toEqual({
      kind: 'cardholder',
      outcome: 'rejected',
      cardholderId: 'h1',
      reason: 'invalid ID number',
    });
    // Integration guides show the reason as `reason`; this app's sandbox can ask for more information.
    expect(
      event('cardholder_verification.failed', { ...holder, reason: 'blurry', needs_more_information: true }),
    ).toMatchObject({ outcome: 'needs_more_information', reason: 'blurry' });
    expect(event('cardholder_verification.manual_review', holder)).toMatchObject({ outcome: 'manual_review' });
    expect(event('cardholder_verification.failed', { is_active: false })).toMatchObject({ kind: 'other' });
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
  const issuer = () => createBridgecardIssuer({ ...KEYS, baseUrl: fake.url, timeoutMs: 500 });

  it("registers the person's own fields, in the issuer's shapes", async () => {
    const adapter = issuer();
    const registration = {
      ...person('X98765432'),
      address: { line1: '4 Rue de la Paix', line2: 'Apt 3', city: 'Paris', postalCode: '75002', country: 'FR' },
      idType: 'national_id' as const,
      idCountry: 'FR',
    };
    await adapter.registerCardholder(registration);
    const register = fake.requests.findLast((request) => request.path === '/cardholder/register_cardholder');
    expect(register?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      address: {
        address: '4 Rue de la Paix, Apt 3',
        city: 'Paris',
        state: 'Paris',
        country: 'France',
        postal_code: '75002',
        house_no: '4',
      },
      phone: '+442079460123',
      email_address: 'ada.lovelace@example.com',
      identity: {
        id_type: 'NATIONAL_ID',
        id_no: 'X98765432',
        id_country: 'FR',
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1990-12-10',
      },
      meta_data: { user_id: registration.userId, verification_id: registration.verificationId },
    });
    await fake.decisionsSent();
  });

  it('signs every call with `token: Bearer`, sends cents as strings and the PIN encrypted with the secret key', async () => {
    const adapter = issuer();
    const { cardholderId } = await adapter.registerCardholder(person('P1234567'));
    await fake.decisionsSent();
    const { cardId } = await adapter.createCard({
      cardholderId,
      reference: reference(),
      pin: '0042',
      userId: 'user-wire',
    });
    await adapter.fundCard({ cardId, amountCents: 12_345, reference: reference() });
    expect(fake.requests.every((request) => request.headers.token === `Bearer ${KEYS.accessToken}`)).toBe(true);
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
      const adapter = createBridgecardIssuer({ ...KEYS, baseUrl: `http://127.0.0.1:${port}` });
      await expect(adapter.getCardSecrets('x')).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await new Promise((resolve) => relayless.close(resolve));
    }
  });
});
