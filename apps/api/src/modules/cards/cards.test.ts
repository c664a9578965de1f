import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { balanceOf, cardOf, createCard, fundedUser, settleIssuer, userWithCard } from '../../test/card-helpers.js';
import { countRows } from '../../test/count-rows.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { stepUp } from '../../test/step-up.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await expectLedgerInvariants(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

const list = async (jar: Parameters<typeof balanceOf>[1]) => (await t.request('GET', '/api/cards', { jar })).json();

describe('creating a card', () => {
  it('charges $15 from the balance, starts at $0 and answers {reward, message, card}', async () => {
    const { jar } = await fundedUser(t, 'create@example.com', 5000);
    const response = await createCard(t, jar, { name: '  Travel  ', pin: 7 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ reward: 0, message: 'Your new card is ready to load.' });
    expect(body.card).toMatchObject({ name: 'Travel', status: 'active', balance: 0, brand: 'Mastercard' });
    expect(body.card.last4Digits).toMatch(/^\d{4}$/);
    expect(await balanceOf(t, jar)).toBe(3500);
    expect((await list(jar)).map((card: { _id: string }) => card._id)).toEqual([body.card._id]);
  });

  it('sends the 3DS code to the issuer as 4 digits and keeps no copy of it', async () => {
    const { jar } = await fundedUser(t, 'pin-padded@example.com', 5000);
    const { card } = (await createCard(t, jar, { name: 'Padded', pin: 7 })).json();
    const [issuerCard] = await executeRows<{ pin_sealed: string }>(
      t.deps.db,
      sql`select s.pin_sealed from sandbox_issuer_cards s join cards c on c.issuer_card_id = s.id where c.id = ${card._id}`,
    );
    const box = createSealedBox(t.deps.config.SANDBOX_ISSUER_KEY ?? '', 'sandbox-issuer');
    expect(box.open(issuerCard?.pin_sealed ?? '')).toBe('0007');
    const [row] = await executeRows(t.deps.db, sql`select pending_pin_sealed from cards where id = ${card._id}`);
    expect(row).toEqual({ pending_pin_sealed: null });
  });

  it('needs a balance above $15: at exactly $15 nothing is created or charged', async () => {
    const { jar } = await fundedUser(t, 'fifteen@example.com', 1500);
    const response = await createCard(t, jar);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'InsufficientBalance' });
    expect(response.json().message).toMatch(/^You must deposit at least \$15\.00 before creating the card/);
    expect(await balanceOf(t, jar)).toBe(1500);
    expect(await list(jar)).toEqual([]);
  });

  it('allows 3 live cards; a deleted card frees a place', async () => {
    const { jar } = await fundedUser(t, 'three@example.com', 10_000);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three'])
      ids.push((await createCard(t, jar, { name, pin: 1111 })).json().card._id);
    const fourth = await createCard(t, jar, { name: 'Four', pin: 1111 });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toMatchObject({ errorCode: 'CardLimitReached' });
    expect(await balanceOf(t, jar)).toBe(10_000 - 3 * 1500);
    expect((await t.request('DELETE', `/api/cards/${ids[0]}`, { jar })).statusCode).toBe(200);
    expect((await createCard(t, jar, { name: 'Four', pin: 1111 })).statusCode).toBe(201);
  });

  it('needs a cardholder, which an approved identity verification gives (decision 029)', async () => {
    const { jar } = await t.signUpVerified('no-holder@example.com');
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBeNull();
    const response = await createCard(t, jar);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'VerificationRequired', message: /Verify your identity/ });
  });

  it('answers the same card for the same Idempotency-Key and charges once', async () => {
    const { jar } = await fundedUser(t, 'create-idem@example.com', 5000);
    const headers = { 'idempotency-key': 'create-1' };
    const first = await createCard(t, jar, { name: 'Once', pin: 1234 }, headers);
    const again = await createCard(t, jar, { name: 'Once', pin: 1234 }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().card._id).toBe(first.json().card._id);
    expect(await balanceOf(t, jar)).toBe(3500);
    const other = await createCard(t, jar, { name: 'Other', pin: 1234 }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ errorCode: 'IdempotencyConflict' });
  });

  it('returns the fee when the issuer refuses, and says so', async () => {
    const { jar } = await fundedUser(t, 'refused-create@example.com', 5000);
    const real = t.deps.issuer.createCard;
    const { IssuerError } = await import('../../providers/issuing/card-issuer.js');
    t.deps.issuer.createCard = async () => {
      throw new IssuerError('refused', 'Cardholder is not verified');
    };
    try {
      const response = await createCard(t, jar);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        'The card issuer declined to create this card (Cardholder is not verified). The $15.00 fee is back in your balance.',
      );
    } finally {
      t.deps.issuer.createCard = real;
    }
    expect(await balanceOf(t, jar)).toBe(5000);
    expect(await list(jar)).toEqual([]);
  });

  it('keeps a card pending while the issuer is unreachable, then a job finishes it', async () => {
    const { jar } = await fundedUser(t, 'pending-create@example.com', 5000);
    const real = t.deps.issuer.createCard;
    const { IssuerError } = await import('../../providers/issuing/card-issuer.js');
    t.deps.issuer.createCard = async () => {
      throw new IssuerError('unavailable', 'timeout');
    };
    let cardId: string;
    try {
      const response = await createCard(t, jar);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ card: { status: 'pending', last4Digits: null } });
      expect(response.json().message).toMatch(/being created/);
      cardId = response.json().card._id;
      const load = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
      expect(load.json()).toMatchObject({ errorCode: 'CardNotActive' });
    } finally {
      t.deps.issuer.createCard = real;
    }
    // The card-creation job queued with the card runs once its wait is over.
    await t.runJobs({ waitsOver: true });
    expect(await cardOf(t, jar, cardId)).toMatchObject({ status: 'active' });
    expect(await balanceOf(t, jar)).toBe(3500);
  });
});

describe('loading a card', () => {
  it('quotes, then loads: the card gets the amount and the balance pays it plus ceil(5%) + $1', async () => {
    const { jar, cardId } = await userWithCard(t, 'load@example.com', { balance: 10_000 });
    const quote = await t.request('GET', `/api/cards/${cardId}/load-quote?amount=2000&includesFee=false`, { jar });
    expect(quote.json()).toEqual({
      amount: 2000,
      includesFee: false,
      cardReceives: 2000,
      fee: 200,
      balancePays: 2200,
      monthlyRemaining: 500_000,
      canLoad: true,
      reason: null,
    });
    const load = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      body: { amount: 2000, includesFee: false },
    });
    expect(load.statusCode).toBe(200);
    expect(load.json().operation).toMatchObject({ kind: 'fund', amount: 2000, fee: 200 });
    // Answered as the load was recorded; its job hands it to the issuer right after.
    expect(load.json().card.pendingOperations).toMatchObject([{ kind: 'fund', amount: 2000, status: 'pending' }]);
    expect(load.json().card.balance).toBe(0);
    expect((await cardOf(t, jar, cardId)).pendingOperations).toMatchObject([{ status: 'submitted' }]);
    expect(await balanceOf(t, jar)).toBe(8500 - 2200);
    await settleIssuer(t);
    expect(await cardOf(t, jar, cardId)).toMatchObject({ balance: 2000, pendingOperations: [], monthlyLoaded: 2000 });
  });

  it('with the fee included, the balance pays exactly the typed amount', async () => {
    const { jar, cardId } = await userWithCard(t, 'load-incl@example.com', { balance: 10_000 });
    const load = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      body: { amount: 2200, includesFee: true },
    });
    expect(load.json().operation).toMatchObject({ amount: 2000, fee: 200 });
    await settleIssuer(t);
    expect(await balanceOf(t, jar)).toBe(8500 - 2200);
    expect((await cardOf(t, jar, cardId)).balance).toBe(2000);
  });

  it('refuses less than $1 on the card, more than the balance, and more than $5,000 a month', async () => {
    const { jar, cardId } = await userWithCard(t, 'load-limits@example.com', { balance: 600_000 });
    const tooSmall = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 99 } });
    expect(tooSmall.json()).toMatchObject({ errorCode: 'ValidationError', message: 'The smallest load is $1.00.' });
    const feeEatsIt = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      body: { amount: 204, includesFee: true },
    });
    expect(feeEatsIt.json().message).toBe(
      'With the fee included, $2.04 puts less than $1.00 on the card. Enter at least $2.05.',
    );
    // Beyond the day's allowance, a load needs a step-up of the session (card-step-up.test.ts).
    await stepUp(t, jar);
    const first = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 450_000 } });
    expect(first.statusCode).toBe(200);
    const over = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 50_001 } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      errorCode: 'MonthlyLimitExceeded',
      message: 'This card can take $500.00 more this month (the limit is $5,000.00 a month).',
    });
    const quote = await t.request('GET', `/api/cards/${cardId}/load-quote?amount=50001`, { jar });
    expect(quote.json()).toMatchObject({ canLoad: false, monthlyRemaining: 50_000 });
    const huge = await t.request('GET', `/api/cards/${cardId}/load-quote?amount=2000000`, { jar });
    expect(huge.json()).toMatchObject({ canLoad: false, reason: expect.stringMatching(/can take \$500\.00 more/) });
    const broke = await fundedUser(t, 'load-broke@example.com', 2000);
    const brokeCard = (await createCard(t, broke.jar)).json().card._id;
    const poor = await t.request('PATCH', `/api/cards/${brokeCard}/load`, { jar: broke.jar, body: { amount: 1000 } });
    expect(poor.json()).toMatchObject({
      errorCode: 'InsufficientBalance',
      message: 'This load takes $11.50 from your balance, which holds $5.00.',
    });
    expect(await balanceOf(t, broke.jar)).toBe(500);
  });

  it('loads only an active card', async () => {
    const { jar, cardId } = await userWithCard(t, 'load-frozen@example.com');
    await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar });
    const load = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
    expect(load.statusCode).toBe(400);
    expect(load.json()).toMatchObject({
      errorCode: 'CardNotActive',
      message: 'This card is frozen. Unfreeze it to load it.',
    });
    expect(await balanceOf(t, jar)).toBe(8500);
  });

  it('moves money once for a repeated Idempotency-Key', async () => {
    const { jar, cardId } = await userWithCard(t, 'load-idem@example.com');
    const headers = { 'idempotency-key': 'load-k1' };
    const first = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 }, headers });
    const again = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 }, headers });
    expect(again.json().operation._id).toBe(first.json().operation._id);
    await settleIssuer(t);
    expect(await balanceOf(t, jar)).toBe(8500 - 1150);
    expect((await cardOf(t, jar, cardId)).balance).toBe(1000);
  });
});

describe('unloading a card', () => {
  it('returns money to the balance without a fee, keeping $1 on the card', async () => {
    const { jar, cardId } = await userWithCard(t, 'unload@example.com', { onCard: 3000 });
    const before = await balanceOf(t, jar);
    const tooMuch = await t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 2901 } });
    expect(tooMuch.json()).toMatchObject({
      errorCode: 'InsufficientBalance',
      message: 'At least $1.00 must stay on the card: you can unload up to $29.00.',
    });
    const unload = await t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 2900 } });
    expect(unload.statusCode).toBe(200);
    expect(unload.json().card.balance).toBe(100);
    await settleIssuer(t);
    expect(await balanceOf(t, jar)).toBe(before + 2900);
  });

  it('allows one unload per card every 5 minutes: 429 UnloadCooldown with the seconds to wait', async () => {
    const { jar, cardId } = await userWithCard(t, 'cooldown@example.com', { onCard: 3000 });
    expect((await t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 500 } })).statusCode).toBe(
      200,
    );
    t.clock.advance(60_000);
    const again = await t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 500 } });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('240');
    expect(again.json()).toMatchObject({
      errorCode: 'UnloadCooldown',
      retryAfterSeconds: 240,
      message: 'You can unload a card once every 5 minutes. Try again in 240 seconds.',
    });
    expect((await cardOf(t, jar, cardId)).unloadAvailableAt).not.toBeNull();
    t.clock.advance(4 * 60_000);
    await settleIssuer(t);
    expect((await t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 500 } })).statusCode).toBe(
      200,
    );
  });
});

describe('freeze, 3DS code and delete', () => {
  it('freezes and unfreezes idempotently, at the issuer too', async () => {
    const { jar, cardId } = await userWithCard(t, 'freeze@example.com');
    for (let i = 0; i < 2; i += 1) {
      const frozen = await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar });
      expect(frozen.statusCode).toBe(200);
      expect(frozen.json().card).toMatchObject({ status: 'frozen', frozenReason: 'user' });
    }
    const [atIssuer] = await executeRows(
      t.deps.db,
      sql`select s.is_active from sandbox_issuer_cards s join cards c on c.issuer_card_id = s.id where c.id = ${cardId}`,
    );
    expect(atIssuer).toEqual({ is_active: false });
    for (let i = 0; i < 2; i += 1) {
      const active = await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar });
      expect(active.json().card).toMatchObject({ status: 'active', frozenReason: null });
    }
  });

  it('changes the 3DS code at the issuer', async () => {
    const { jar, cardId } = await userWithCard(t, 'pin@example.com');
    await stepUp(t, jar);
    const response = await t.request('PATCH', `/api/cards/${cardId}/pin`, { jar, body: { pin: 42 } });
    expect(response.statusCode).toBe(200);
    const [issuerCard] = await executeRows<{ pin_sealed: string }>(
      t.deps.db,
      sql`select s.pin_sealed from sandbox_issuer_cards s join cards c on c.issuer_card_id = s.id where c.id = ${cardId}`,
    );
    const box = createSealedBox(t.deps.config.SANDBOX_ISSUER_KEY ?? '', 'sandbox-issuer');
    expect(box.open(issuerCard?.pin_sealed ?? '')).toBe('0042');
  });

  it('deletes a card: its balance comes back, it leaves the list, and it is kept as terminated', async () => {
    const { jar, cardId } = await userWithCard(t, 'delete@example.com', { onCard: 2500 });
    const before = await balanceOf(t, jar);
    const response = await t.request('DELETE', `/api/cards/${cardId}`, { jar });
    expect(response.json()).toEqual({
      message: 'Card deleted. Its $25.00 balance is on its way back to your balance.',
      returnedAmount: 2500,
    });
    await settleIssuer(t);
    expect(await balanceOf(t, jar)).toBe(before + 2500);
    expect(await list(jar)).toEqual([]);
    expect((await t.request('GET', `/api/cards/${cardId}/public`, { jar })).statusCode).toBe(404);
    // The close job ran when the returned balance settled.
    const [row] = await executeRows<{ status: string; closed: boolean; deleted: boolean }>(
      t.deps.db,
      sql`select c.status, c.issuer_closed_at is not null as closed, s.is_deleted as deleted
          from cards c join sandbox_issuer_cards s on s.id = c.issuer_card_id where c.id = ${cardId}`,
    );
    expect(row).toEqual({ status: 'terminated', closed: true, deleted: true });
  });

  it('will not delete while money is still moving on the card', async () => {
    const { jar, cardId } = await userWithCard(t, 'delete-busy@example.com');
    await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
    const response = await t.request('DELETE', `/api/cards/${cardId}`, { jar });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'CardBusy' });
    expect(await list(jar)).toMatchObject([{ _id: cardId, status: 'active' }]);
    await settleIssuer(t);
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { jar })).statusCode).toBe(200);
    await settleIssuer(t);
  });
});

describe('card secrets', () => {
  it('come from the issuer, are never cached or stored, and each reveal is audited', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'secrets@example.com');
    await stepUp(t, jar);
    const response = await t.request('GET', `/api/cards/${cardId}/private`, { jar });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const secrets = response.json();
    expect(secrets.cardNumber).toMatch(/^5555\d{12}$/);
    expect(secrets.expiry).toMatch(/^\d{2}\/\d{2}$/);
    expect(secrets.cvv).toMatch(/^\d{3}$/);
    expect(secrets.cardNumber.slice(-4)).toBe((await cardOf(t, jar, cardId)).last4Digits);
    const leaks = await executeRows(
      t.deps.db,
      sql`select 1 from cards where id = ${cardId} and row_to_json(cards)::text like ${`%${secrets.cardNumber}%`}
          union all select 1 from audit_log where details::text like ${`%${secrets.cardNumber}%`}
          union all select 1 from sandbox_issuer_cards where number_sealed like ${`%${secrets.cardNumber}%`}`,
    );
    expect(leaks).toEqual([]);
    expect(
      await countRows(t, 'audit_log', sql`action = 'card.secrets_revealed' and target_user_id = ${user._id}`),
    ).toBe(1);
  });

  it('are rate limited per user', async () => {
    const { jar, cardId } = await userWithCard(t, 'secrets-limit@example.com');
    await stepUp(t, jar);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await t.request('GET', `/api/cards/${cardId}/private`, { jar })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('card transactions', () => {
  it('come from the issuer, 10 per page, newest first, in the spec shape', async () => {
    const { jar, cardId } = await userWithCard(t, 'history@example.com', { balance: 50_000, onCard: 20_000 });
    const card = await cardOf(t, jar, cardId);
    const issuerCardId = card.simulatorUrl.split('/').pop();
    for (let i = 1; i <= 11; i += 1) {
      const bought = await t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
        body: { amountCents: 100 * i, merchant: i % 2 ? 'netflix' : 'corner-cafe', recurring: i % 2 === 1 },
      });
      expect(bought.json().outcome).toBe('successful');
      t.clock.advance(1000);
    }
    const first = (await t.request('GET', `/api/cards/${cardId}/transactions?page_no=1`, { jar })).json();
    expect(first.meta).toEqual({ page: 1, pageSize: 10, total: 12, pages: 2 });
    expect(first.transactions).toHaveLength(10);
    expect(first.transactions[0]).toMatchObject({
      card_transaction_type: 'DEBIT',
      amount: 1100,
      currency: 'USD',
      description: 'NETFLIX.COM LOS GATOS US',
      enriched_data: {
        merchant_name: 'Netflix',
        is_recurring: true,
        transaction_category: 'Entertainment',
        transaction_group: 'Subscriptions',
      },
    });
    expect(first.transactions[0].enriched_data.merchant_logo).toMatch(/\/sandbox\/issuing\/logos\/netflix\.svg$/);
    expect(first.transactions[1].enriched_data).toMatchObject({ merchant_name: 'Corner Cafe', merchant_logo: null });
    const second = (await t.request('GET', `/api/cards/${cardId}/transactions?page_no=2`, { jar })).json();
    expect(
      second.transactions.map((tx: { card_transaction_type: string; amount: number }) => [
        tx.card_transaction_type,
        tx.amount,
      ]),
    ).toEqual([
      ['DEBIT', 100],
      ['CREDIT', 20_000],
    ]);
    expect((await cardOf(t, jar, cardId)).balance).toBe(20_000 - 6600);
  });
});

describe('API reference', () => {
  it('documents every card call, and not the sandbox issuer behind them', async () => {
    const { paths } = (await t.request('GET', '/api/docs/json')).json() as { paths: Record<string, object> };
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => route.includes('/api/cards')).sort()).toEqual([
      'DELETE /api/cards/{id}',
      'GET /api/cards/',
      'GET /api/cards/{id}/controls',
      'GET /api/cards/{id}/load-quote',
      'GET /api/cards/{id}/private',
      'GET /api/cards/{id}/public',
      'GET /api/cards/{id}/transactions',
      'PATCH /api/cards/{id}/freeze',
      'PATCH /api/cards/{id}/load',
      'PATCH /api/cards/{id}/pin',
      'PATCH /api/cards/{id}/unfreeze',
      'PATCH /api/cards/{id}/unload',
      'POST /api/cards/create',
      'PUT /api/cards/{id}/controls',
    ]);
    expect(documented).toContain('POST /api/webhooks/issuing');
    expect(documented.some((route) => route.includes('/sandbox/issuing'))).toBe(false);
  });
});
