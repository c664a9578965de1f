import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { sandboxIssuerCredentials } from '../../providers/issuing/index.js';
import {
  balanceOf,
  cardOf,
  createCard,
  fundedUser,
  settleIssuer,
  signInAgain,
  userWithCard,
} from '../../test/card-helpers.js';
import { countRows } from '../../test/count-rows.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { reviewsOfUser } from '../../test/review-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usingPostgres } from '../../test/test-database.js';
import { eventOutcome } from '../../test/webhook-outcome.js';
import { balanceOfKind } from '../ledger/ledger-read.js';
import { chargeMonthlyFees } from './monthly-fees.service.js';

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

const pg = usingPostgres ? ' (PostgreSQL)' : '';

/** What the sandbox issuer would send: a body signed with its webhook secret. */
function issuerWebhook(event: string, data: Record<string, unknown>) {
  const rawBody = JSON.stringify({ event, data });
  const signature = hmacSha256(sandboxIssuerCredentials(t.deps.sessionSecret).webhookSecret, rawBody);
  return t.request('POST', '/api/webhooks/issuing', {
    rawBody,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signature, origin: '' },
  });
}

const issuerCardIdOf = async (jar: Parameters<typeof cardOf>[1], cardId: string) =>
  String((await cardOf(t, jar, cardId)).simulatorUrl)
    .split('/')
    .pop() ?? '';

const DAY = 24 * 60 * 60_000;

const feesOf = (cardId: string) =>
  executeRows<{ period: number; status: string; paid_from: string | null }>(
    t.deps.db,
    sql`select period, status, paid_from from card_monthly_fees where card_id = ${cardId} order by period`,
  );

const operationsOf = (cardId: string) =>
  executeRows<{ id: string; kind: string; status: string; amount: string }>(
    t.deps.db,
    sql`select id, kind, status, amount from card_operations where card_id = ${cardId} order by created_at`,
  );

describe('money on cards under concurrency', () => {
  it(`lets 20 loads at once spend only what the balance holds, with exact fees${pg}`, async () => {
    const { jar, cardId } = await userWithCard(t, 'twenty-loads@example.com', { balance: 10_000 });
    const feesBefore = await balanceOfKind(t.deps.db, 'revenue_funding_fee');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } }).then((r) => r.statusCode),
      ),
    );
    // $85.00 left after the card; each load of $10 costs $11.50: seven fit.
    expect(outcomes.filter((status) => status === 200)).toHaveLength(7);
    expect(outcomes.filter((status) => status === 400)).toHaveLength(13);
    expect(await balanceOf(t, jar)).toBe(8500 - 7 * 1150);
    expect(await balanceOfKind(t.deps.db, 'revenue_funding_fee')).toBe(feesBefore + 7 * 150);
    await settleIssuer(t);
    // On a machine loaded by the whole suite a movement's first try can fail (a timeout) and wait for its retry: run
    // it now, so the card holds every accepted load once whatever the machine's speed.
    await t.runJobs({ waitsOver: true });
    await settleIssuer(t);
    expect((await cardOf(t, jar, cardId)).balance).toBe(7000);
  });

  it(`creates at most 3 cards when 5 creations arrive at once with 2 cards${pg}`, async () => {
    const { jar } = await fundedUser(t, 'five-creates@example.com', 20_000);
    await createCard(t, jar, { name: 'A', pin: 1 });
    await createCard(t, jar, { name: 'B', pin: 2 });
    const statuses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createCard(t, jar, { name: `C${i}`, pin: i }).then((r) => r.statusCode)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect((await t.request('GET', '/api/cards', { jar })).json()).toHaveLength(3);
    expect(await balanceOf(t, jar)).toBe(20_000 - 3 * 1500);
  });

  it(`lets one of several unloads inside the cooldown through${pg}`, async () => {
    const { jar, cardId } = await userWithCard(t, 'unload-race@example.com', { onCard: 5000 });
    const before = await balanceOf(t, jar);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 500 } }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    await settleIssuer(t);
    expect(await balanceOf(t, jar)).toBe(before + 500);
    expect((await cardOf(t, jar, cardId)).balance).toBe(4500);
  });

  it(`applies the same issuer webhook delivered 10 times at once exactly once${pg}`, async () => {
    const { jar, cardId } = await userWithCard(t, 'ten-webhooks@example.com', { onCard: 5000 });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        issuerWebhook('card_debit_event.successful', {
          card_id: issuerCardId,
          amount: '1250',
          currency: 'USD',
          description: 'AMAZON MKTPL SEATTLE US',
          transaction_reference: 'debit-ref-10x',
          card_transaction_type: 'DEBIT',
        }).then((r) => r.json() as { status: string; eventId: string }),
      ),
    );
    // One delivery is kept and queued; the other nine are recognised as the same event.
    expect(outcomes.filter((outcome) => outcome.status === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'already-received')).toHaveLength(9);
    expect(new Set(outcomes.map((outcome) => outcome.eventId)).size).toBe(1);
    expect((await cardOf(t, jar, cardId)).balance).toBe(3750);
    expect(
      await countRows(t, 'provider_events', sql`subject = ${issuerCardId} and event_type like 'card_debit%'`),
    ).toBe(1);
  });

  it('refuses a forged, unsigned or tampered issuer webhook with 401 and stores nothing', async () => {
    const { jar, cardId } = await userWithCard(t, 'forged-issuer@example.com', { onCard: 5000 });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    const body = JSON.stringify({
      event: 'card_reversal_event.successful',
      data: { card_id: issuerCardId, amount: '900000', transaction_reference: 'forged_REVERSAL' },
    });
    const eventsBefore = await countRows(t, 'provider_events');
    const attempts: Array<Record<string, string>> = [
      { 'x-webhook-signature': hmacSha256('not-the-secret', body) },
      {},
      { 'x-webhook-signature': 'zz' },
      {
        'x-webhook-signature': hmacSha256(
          sandboxIssuerCredentials(t.deps.sessionSecret).webhookSecret,
          body.replace('900000', '1'),
        ),
      },
    ];
    for (const signature of attempts) {
      const response = await t.request('POST', '/api/webhooks/issuing', {
        rawBody: body,
        headers: { 'content-type': 'application/json', origin: '', ...signature },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'InvalidSignature' });
    }
    expect(await countRows(t, 'provider_events')).toBe(eventsBefore);
    expect((await cardOf(t, jar, cardId)).balance).toBe(5000);
  });

  it(`never runs one movement's job on two workers at once${pg}`, async () => {
    const { jar, cardId } = await userWithCard(t, 'two-workers@example.com');
    const real = t.deps.issuer.fundCard;
    let calls = 0;
    t.deps.issuer.fundCard = async () => {
      calls += 1;
      throw new IssuerError('unavailable', 'down');
    };
    try {
      await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
      expect(calls).toBe(1);
      t.deps.issuer.fundCard = async (input) => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return real(input);
      };
      // Two workers fetch at once once the retry is due: the engine hands the job to one of them only.
      await Promise.all([t.runJobs({ waitsOver: true }), t.runJobs({ waitsOver: true })]);
      expect(calls).toBe(2);
    } finally {
      t.deps.issuer.fundCard = real;
    }
    await settleIssuer(t);
    expect((await cardOf(t, jar, cardId)).balance).toBe(1000);
  });
});

describe('movements the issuer refuses, delays or loses', () => {
  it('returns a refused load with its fee to the balance', async () => {
    const { jar, cardId } = await userWithCard(t, 'refused-load@example.com');
    const real = t.deps.issuer.fundCard;
    t.deps.issuer.fundCard = async () => {
      throw new IssuerError('refused', 'Card limit reached at the issuer');
    };
    try {
      const load = await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
      expect(load.statusCode).toBe(200);
      // Answered before the job handed it to the issuer.
      expect(load.json().operation.status).toBe('pending');
      expect((await operationsOf(cardId)).at(-1)).toMatchObject({ status: 'failed' });
    } finally {
      t.deps.issuer.fundCard = real;
    }
    expect(await balanceOf(t, jar)).toBe(8500);
    expect(await cardOf(t, jar, cardId)).toMatchObject({ balance: 0, pendingOperations: [], monthlyLoaded: 0 });
  });

  it('reverses a load the issuer reports as failed by webhook', async () => {
    const { jar, cardId } = await userWithCard(t, 'failed-webhook@example.com');
    const load = (await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 2000 } })).json();
    const failed = await issuerWebhook('card_credit_event.failed', {
      card_id: await issuerCardIdOf(jar, cardId),
      amount: '2000',
      currency: 'USD',
      transaction_reference: load.operation._id,
      reason: 'Insufficient balance in your issuing wallet',
    });
    expect(await eventOutcome(t, failed)).toBe('fund-failed');
    expect(await balanceOf(t, jar)).toBe(8500);
    expect((await operationsOf(cardId)).at(-1)).toMatchObject({ status: 'failed' });
  });

  it('settles nothing on a signed event that does not match the movement', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'mismatch@example.com');
    const load = (await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 2000 } })).json();
    const bigger = await issuerWebhook('card_credit_event.successful', {
      card_id: await issuerCardIdOf(jar, cardId),
      amount: '200000',
      currency: 'USD',
      transaction_reference: load.operation._id,
    });
    expect(await eventOutcome(t, bigger)).toBe('review:mismatch');
    expect((await cardOf(t, jar, cardId)).balance).toBe(0);
    expect(await reviewsOfUser(t, user._id, 'provider_event_disagreement')).toMatchObject([
      {
        reason:
          'The issuer reports a fund of $2,000.00 that does not match the card movement it names (a fund of $20.00).',
        details: { operationId: load.operation._id, cardId, ours: { amount: 2000 }, issuer: { amount: 200000 } },
      },
    ]);
    await settleIssuer(t);
    expect((await cardOf(t, jar, cardId)).balance).toBe(2000);
  });

  it('loses no cent when the process dies between the issuer taking a load and recording it', async () => {
    const { jar, cardId } = await userWithCard(t, 'crash-after-send@example.com');
    const real = t.deps.issuer.fundCard;
    t.deps.issuer.fundCard = async (input) => {
      await real(input);
      throw new Error('process died before recording the submission');
    };
    try {
      await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 3000 } });
    } finally {
      t.deps.issuer.fundCard = real;
    }
    expect((await operationsOf(cardId)).at(-1)).toMatchObject({ status: 'pending' });
    // The issuer completes it, and its webhook is lost on the way.
    await t.deps.sandboxIssuer?.completeDue(new Date(t.deps.now().getTime() + 86_400_000));
    await executeRows(
      t.deps.db,
      sql`update sandbox_issuer_webhooks set delivered_at = now() where delivered_at is null`,
    );
    expect((await cardOf(t, jar, cardId)).balance).toBe(0);
    // The engine retries the job, which sends it again (same reference: the issuer knows it); the sweep then asks
    // how it ended.
    await t.runJobs({ waitsOver: true });
    expect((await operationsOf(cardId)).at(-1)).toMatchObject({ status: 'submitted' });
    t.clock.advance(3 * 60_000);
    await t.runSchedules('sweep-card-work');
    expect((await operationsOf(cardId)).at(-1)).toMatchObject({ status: 'completed' });
    expect((await cardOf(t, jar, cardId)).balance).toBe(3000);
    expect(await balanceOf(t, jar)).toBe(8500 - 3250);
    const transfers = await executeRows<{ id: string }>(
      t.deps.db,
      sql`select id from ledger_transfers where metadata->>'cardId' = ${cardId} and id like 'cardop:%' order by id`,
    );
    expect(transfers.map((row) => row.id.split(':')[2])).toEqual(['settle', 'start']);
  });

  it('loses no cent when the process dies before the issuer ever hears of a load', async () => {
    const { jar, cardId } = await userWithCard(t, 'crash-before-send@example.com');
    const real = t.deps.issuer.fundCard;
    t.deps.issuer.fundCard = async () => {
      throw new Error('process died before sending');
    };
    try {
      await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1500 } });
    } finally {
      t.deps.issuer.fundCard = real;
    }
    expect(await cardOf(t, jar, cardId)).toMatchObject({
      balance: 0,
      pendingOperations: [{ kind: 'fund', status: 'pending', amount: 1500 }],
    });
    await t.runJobs({ waitsOver: true });
    await settleIssuer(t);
    expect(await cardOf(t, jar, cardId)).toMatchObject({ balance: 1500, pendingOperations: [] });
  });
});

describe('the issuer window of one movement per card per 5 minutes', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp({ configEnv: { SANDBOX_ISSUER_WINDOW_SECONDS: '300' } });
  });
  afterAll(async () => {
    await expectLedgerInvariants(w.deps.db);
    await w.close();
  });

  it('keeps a second load in transit, visible as in progress, until the window opens', async () => {
    const { jar, cardId } = await userWithCard(w, 'window@example.com', { balance: 10_000 });
    expect((await w.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } })).statusCode).toBe(
      200,
    );
    const second = await w.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 2000 } });
    expect(second.statusCode).toBe(200);
    expect(second.json().operation).toMatchObject({ status: 'pending', amount: 2000 });
    await settleIssuer(w);
    const card = (await w.request('GET', `/api/cards/${cardId}/public`, { jar })).json();
    expect(card).toMatchObject({
      balance: 1000,
      pendingOperations: [{ kind: 'fund', amount: 2000, status: 'pending' }],
    });
    expect(await balanceOf(w, jar)).toBe(8500 - 1150 - 2200);
    w.clock.advance(2 * 60_000);
    await w.runJobs({ waitsOver: true });
    expect((await w.request('GET', `/api/cards/${cardId}/public`, { jar })).json().pendingOperations[0].status).toBe(
      'pending',
    );
    w.clock.advance(4 * 60_000);
    await w.runJobs({ waitsOver: true });
    await settleIssuer(w);
    expect((await w.request('GET', `/api/cards/${cardId}/public`, { jar })).json()).toMatchObject({
      balance: 3000,
      pendingOperations: [],
    });
  });
});

describe('monthly card fees', () => {
  it(`charges $1 a month after the first, once per card per month, however often the job runs${pg}`, async () => {
    const { cardId } = await userWithCard(t, 'monthly@example.com', { balance: 5000 });
    await chargeMonthlyFees(t.deps);
    expect(await feesOf(cardId)).toEqual([]);
    t.clock.advance(31 * DAY);
    await Promise.all([chargeMonthlyFees(t.deps), chargeMonthlyFees(t.deps)]);
    await chargeMonthlyFees(t.deps);
    expect(await feesOf(cardId)).toEqual([{ period: 1, status: 'paid', paid_from: 'balance' }]);
    const jar = await signInAgain(t, 'monthly@example.com');
    expect(await balanceOf(t, jar)).toBe(3500 - 100);
    expect(new Date((await cardOf(t, jar, cardId)).nextFeeDueAt).getTime()).toBeGreaterThan(t.deps.now().getTime());
    t.clock.advance(31 * DAY);
    await chargeMonthlyFees(t.deps);
    expect((await feesOf(cardId)).map((fee) => fee.period)).toEqual([1, 2]);
  });

  it('takes the fee from the card when the balance is empty, and freezes the card when neither can pay', async () => {
    const { jar: firstJar, cardId } = await userWithCard(t, 'fee-from-card@example.com', {
      balance: 2650,
      onCard: 1000,
    });
    expect(await balanceOf(t, firstJar)).toBe(0);
    const { cardId: brokeCardId } = await userWithCard(t, 'fee-frozen@example.com', { balance: 1550 });
    t.clock.advance(31 * DAY);
    await t.runSchedules('charge-monthly-fees');
    await settleIssuer(t);
    expect(await feesOf(cardId)).toEqual([{ period: 1, status: 'paid', paid_from: 'card' }]);
    expect(await feesOf(brokeCardId)).toEqual([{ period: 1, status: 'unpaid', paid_from: null }]);
    const jar = await signInAgain(t, 'fee-from-card@example.com');
    expect((await cardOf(t, jar, cardId)).balance).toBe(900);
    const broke = { jar: await signInAgain(t, 'fee-frozen@example.com'), cardId: brokeCardId };
    expect(await cardOf(t, broke.jar, broke.cardId)).toMatchObject({
      status: 'frozen',
      frozenReason: 'unpaid_fee',
      unpaidFees: 100,
    });
    const unfreeze = await t.request('PATCH', `/api/cards/${broke.cardId}/unfreeze`, { jar: broke.jar });
    expect(unfreeze.statusCode).toBe(400);
    expect(unfreeze.json().message).toBe(
      'This card is frozen because its $1.00 monthly fee is unpaid. Add money to your balance, then unfreeze it.',
    );
    // A top-up pays it; the fee job unfreezes the card by itself.
    const { createDeposit, payInSandbox } = await import('../../test/deposit-helpers.js');
    const deposit = (
      await createDeposit(t, broke.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 1000 })
    ).json();
    await payInSandbox(t, deposit.paymentUrl, 'paid');
    expect((await chargeMonthlyFees(t.deps)).unfrozen).toBeGreaterThanOrEqual(1);
    expect(await cardOf(t, broke.jar, broke.cardId)).toMatchObject({
      status: 'active',
      frozenReason: null,
      unpaidFees: 0,
    });
    expect(await feesOf(brokeCardId)).toEqual([{ period: 1, status: 'paid', paid_from: 'balance' }]);
    expect(await balanceOf(t, broke.jar)).toBe(50 + 1000 - 100);
  });

  it('keeps a card frozen for its fee frozen once the fee is paid, when its owner froze it meanwhile', async () => {
    const { cardId } = await userWithCard(t, 'fee-then-owner@example.com', { balance: 1550 });
    t.clock.advance(31 * DAY);
    await t.runSchedules('charge-monthly-fees');
    await settleIssuer(t);
    const owner = { jar: await signInAgain(t, 'fee-then-owner@example.com'), cardId };
    expect(await cardOf(t, owner.jar, cardId)).toMatchObject({ status: 'frozen', frozenReason: 'unpaid_fee' });
    // The owner wants it frozen too (a lost card, say): the freeze is theirs from now on.
    const frozen = await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar: owner.jar });
    expect(frozen.statusCode).toBe(200);
    expect(await cardOf(t, owner.jar, cardId)).toMatchObject({ status: 'frozen', frozenReason: 'user' });
    const { createDeposit, payInSandbox } = await import('../../test/deposit-helpers.js');
    const deposit = (
      await createDeposit(t, owner.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 1000 })
    ).json();
    await payInSandbox(t, deposit.paymentUrl, 'paid');
    await chargeMonthlyFees(t.deps);
    // The fee is paid, and the card stays frozen until its owner unfreezes it.
    expect(await feesOf(cardId)).toContainEqual({ period: 1, status: 'paid', paid_from: 'balance' });
    expect(await cardOf(t, owner.jar, cardId)).toMatchObject({ status: 'frozen', frozenReason: 'user', unpaidFees: 0 });
    expect((await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar: owner.jar })).statusCode).toBe(200);
    await settleIssuer(t);
    expect(await cardOf(t, owner.jar, cardId)).toMatchObject({ status: 'active', frozenReason: null });
  });
});

describe('spending recorded from the issuer', () => {
  it('waits to apply a purchase the card ledger cannot cover yet, then applies it once', async () => {
    const { jar, cardId } = await userWithCard(t, 'deferred-debit@example.com', { onCard: 1000 });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    const unload = (await t.request('PATCH', `/api/cards/${cardId}/unload`, { jar, body: { amount: 900 } })).json();
    const debit = {
      card_id: issuerCardId,
      amount: '500',
      currency: 'USD',
      description: 'CITY GROCER 0142 CHICAGO US',
      transaction_reference: 'grocer-1',
    };
    const first = await issuerWebhook('card_debit_event.successful', debit);
    expect(await eventOutcome(t, first)).toBe('deferred:card-balance-short');
    // The issuer refuses the unload (the purchase took the money first): it comes back to the card.
    await issuerWebhook('card_unload_event.failed', {
      card_id: issuerCardId,
      amount: '900',
      transaction_reference: unload.operation._id,
      reason: 'Insufficient card balance',
    });
    expect((await cardOf(t, jar, cardId)).balance).toBe(1000);
    // The engine retries the deferred event after its back-off, and it applies now.
    await t.runJobs({ waitsOver: true });
    expect(await eventOutcome(t, first)).toBe('spent');
    expect((await cardOf(t, jar, cardId)).balance).toBe(500);
    const again = await issuerWebhook('card_debit_event.successful', debit);
    expect(again.json()).toMatchObject({ status: 'already-received', eventId: first.json().eventId });
    expect((await cardOf(t, jar, cardId)).balance).toBe(500);
  });
});
