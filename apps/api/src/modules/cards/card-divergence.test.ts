import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { keyedHash } from '../../lib/keys.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { sandboxIssuerCredentials } from '../../providers/issuing/index.js';
import { balanceOf, cardOf, createCard, fundedUser, settleIssuer, userWithCard } from '../../test/card-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { reviewsOfUser } from '../../test/review-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { eventOutcome } from '../../test/webhook-outcome.js';
import { balanceOf as ledgerBalance } from '../ledger/ledger-read.js';
import { reconcileCardBalances } from './card-reconciliation.service.js';

/**
 * Where the ledger and the issuer could part ways: each case here was found by reading the code as an attacker
 * would, failed before its fix, and keeps the two sides together now.
 */
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

const simulator = (issuerCardId: string) => ({
  view: () => t.request('GET', `/sandbox/issuing/simulator/cards/${issuerCardId}`),
  buy: (amountCents: number) =>
    t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
      body: { amountCents, merchant: 'netflix' },
    }),
  refund: (reference: string) =>
    t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/refunds`, { body: { reference } }),
});

const issuerCardIdOf = async (jar: Parameters<typeof cardOf>[1], cardId: string) =>
  String((await cardOf(t, jar, cardId)).simulatorUrl)
    .split('/')
    .pop() ?? '';

const userIdOf = async (jar: Parameters<typeof cardOf>[1]) =>
  (await t.request('GET', '/api/user', { jar })).json()._id as string;

function issuerWebhook(event: string, data: Record<string, unknown>) {
  const rawBody = JSON.stringify({ event, data });
  const signature = hmacSha256(sandboxIssuerCredentials(t.deps.sessionSecret).webhookSecret, rawBody);
  return t.request('POST', '/api/webhooks/issuing', {
    rawBody,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signature, origin: '' },
  });
}

describe('the ledger and the issuer stay together', () => {
  it('does not reverse a load when only the resend is refused: the issuer is asked first', async () => {
    const { jar, cardId } = await userWithCard(t, 'refused-resend@example.com', { balance: 10_000 });
    const real = t.deps.issuer.fundCard;
    let calls = 0;
    t.deps.issuer.fundCard = async (input) => {
      calls += 1;
      if (calls === 1) {
        // The issuer takes the load; our call times out on the way back.
        await real(input);
        throw new IssuerError('unavailable', 'timeout');
      }
      throw new IssuerError('refused', 'transaction_reference has already been used');
    };
    try {
      await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
      // The engine retries the failed submission after its back-off.
      await t.runJobs({ waitsOver: true });
    } finally {
      t.deps.issuer.fundCard = real;
    }
    await settleIssuer(t);
    expect(calls).toBe(2);
    expect((await cardOf(t, jar, cardId)).balance).toBe(1000);
    expect(await balanceOf(t, jar)).toBe(8500 - 1150);
  });

  it('reverses a refused resend only once the issuer confirms it has no record of it', async () => {
    const { jar, cardId } = await userWithCard(t, 'refused-unknown@example.com', { balance: 10_000 });
    const real = t.deps.issuer.fundCard;
    let calls = 0;
    t.deps.issuer.fundCard = async () => {
      calls += 1;
      throw calls === 1 ? new IssuerError('unavailable', 'timeout') : new IssuerError('refused', 'Card not active');
    };
    try {
      await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
      await t.runJobs({ waitsOver: true });
      expect(await cardOf(t, jar, cardId)).toMatchObject({ pendingOperations: [{ status: 'submitted' }] });
      expect(await balanceOf(t, jar)).toBe(8500 - 1150);
      t.clock.advance(3 * 60_000);
      await t.runSchedules('sweep-card-work');
    } finally {
      t.deps.issuer.fundCard = real;
    }
    expect(await cardOf(t, jar, cardId)).toMatchObject({ balance: 0, pendingOperations: [] });
    expect(await balanceOf(t, jar)).toBe(8500);
  });

  it('flags an issuer event that contradicts how a movement already ended', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'contradiction@example.com');
    const real = t.deps.issuer.fundCard;
    t.deps.issuer.fundCard = async () => {
      throw new IssuerError('refused', 'Card not active');
    };
    let operationId: string;
    try {
      operationId = (await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } })).json()
        .operation._id;
    } finally {
      t.deps.issuer.fundCard = real;
    }
    const late = await issuerWebhook('card_credit_event.successful', {
      card_id: await issuerCardIdOf(jar, cardId),
      amount: '1000',
      transaction_reference: operationId,
    });
    expect(await eventOutcome(t, late)).toBe('review:contradiction');
    expect(await balanceOf(t, jar)).toBe(8500);
    expect(await reviewsOfUser(t, user._id, 'provider_event_disagreement')).toMatchObject([
      {
        subject_type: 'provider_event',
        reason: 'The issuer says this fund was successful, but it had already ended the other way.',
        details: { operationId, cardId, eventType: 'card_credit_event.successful' },
      },
    ]);
  });

  it('pays a refund that arrives after the card was closed at the issuer into the balance', async () => {
    const { jar, cardId } = await userWithCard(t, 'late-refund@example.com', { balance: 20_000, onCard: 5000 });
    const sim = simulator(await issuerCardIdOf(jar, cardId));
    const bought = (await sim.buy(1000)).json();
    const before = await balanceOf(t, jar);
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { jar })).json().returnedAmount).toBe(4000);
    await settleIssuer(t);
    expect((await sim.refund(bought.reference)).statusCode).toBe(200);
    await settleIssuer(t);
    const userId = await userIdOf(jar);
    expect(await ledgerBalance(t.deps.db, { kind: 'card', userId, ref: cardId })).toBe(0);
    expect(await balanceOf(t, jar)).toBe(before + 4000 + 1000);
  });

  it('closes a deleted card only once a refund whose webhook was lost is back in the balance (issue 17, finding 8)', async () => {
    const { jar, cardId } = await userWithCard(t, 'lost-refund@example.com', { balance: 20_000, onCard: 5000 });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    const sim = simulator(issuerCardId);
    const bought = (await sim.buy(1000)).json();
    await settleIssuer(t);
    // The issuer refunds the purchase, and its webhook is lost: the issuer holds $10 more than the ledger.
    const verify = t.deps.issuer.verifyWebhook;
    t.deps.issuer.verifyWebhook = () => {
      throw new IssuerError('signature', 'The webhook signature is invalid.');
    };
    try {
      expect((await sim.refund(bought.reference)).statusCode).toBe(200);
    } finally {
      t.deps.issuer.verifyWebhook = verify;
    }
    await executeRows(
      t.deps.db,
      sql`update sandbox_issuer_webhooks set delivered_at = now() where delivered_at is null`,
    );
    const before = await balanceOf(t, jar);
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { jar })).json().returnedAmount).toBe(4000);
    for (let i = 0; i < 3; i += 1) {
      await settleIssuer(t);
      t.clock.advance(60_000);
      await t.runSchedules('sweep-card-work');
    }
    // The close read the issuer's history, found the refund, and sent all of it back before deleting the card there.
    const userId = await userIdOf(jar);
    expect(await ledgerBalance(t.deps.db, { kind: 'card', userId, ref: cardId })).toBe(0);
    expect(await balanceOf(t, jar)).toBe(before + 4000 + 1000);
    const [card] = await executeRows<{ closed: boolean; deleted: boolean }>(
      t.deps.db,
      sql`select c.issuer_closed_at is not null as closed, s.is_deleted as deleted
          from cards c join sandbox_issuer_cards s on s.id = c.issuer_card_id where c.id = ${cardId}`,
    );
    expect(card).toEqual({ closed: true, deleted: true });
  });

  it('waits for a person, with a review, when a deleted card holds money only at the issuer', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'issuer-holds-more@example.com', {
      balance: 20_000,
      onCard: 2000,
    });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { jar })).statusCode).toBe(200);
    // Money appears at the issuer that no transaction of its history explains (a manual credit there, say).
    await executeRows(
      t.deps.db,
      sql`update sandbox_issuer_cards set book_balance = book_balance + 700 where id = ${issuerCardId}`,
    );
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(60_000);
      await t.runSchedules('sweep-card-work');
      await settleIssuer(t);
    }
    // Not deleted at the issuer with $7 on it, not retried forever: a review, and the card waits for a person.
    const [card] = await executeRows<{ closed: boolean; parked: boolean }>(
      t.deps.db,
      sql`select issuer_closed_at is not null as closed, next_close_attempt_at > now() + interval '1 year' as parked
          from cards where id = ${cardId}`,
    );
    expect(card).toEqual({ closed: false, parked: true });
    expect(await reviewsOfUser(t, user._id, 'card_balance_divergence')).toMatchObject([
      { subject_id: cardId, resolved_at: null, reason: 'The ledger holds $0.00 on this card; the issuer holds $7.00.' },
    ]);
  });

  it('freezes the card at the issuer too when a monthly fee cannot be taken from it', async () => {
    const { jar } = await fundedUser(t, 'fee-freeze@example.com', 2200);
    const cardId = (await createCard(t, jar)).json().card._id as string;
    await t.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 500 } });
    await settleIssuer(t);
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    // A purchase took most of the card at the issuer; its webhook has not arrived.
    await executeRows(t.deps.db, sql`update sandbox_issuer_cards set book_balance = 50 where id = ${issuerCardId}`);
    t.clock.advance(32 * 24 * 60 * 60_000);
    await t.runSchedules('charge-monthly-fees');
    const [row] = await executeRows(t.deps.db, sql`select status, frozen_reason from cards where id = ${cardId}`);
    expect(row).toEqual({ status: 'frozen', frozen_reason: 'unpaid_fee' });
    expect((await simulator(issuerCardId).view()).json().status).toBe('frozen');
  });

  it('keeps trying to read a card the issuer made, instead of refunding it and leaving it live', async () => {
    const { jar } = await fundedUser(t, 'not-readable-yet@example.com', 5000);
    const real = t.deps.issuer.getCard;
    t.deps.issuer.getCard = async () => {
      throw new IssuerError('refused', 'Card is still being processed');
    };
    let created: Awaited<ReturnType<typeof createCard>>;
    try {
      created = await createCard(t, jar);
    } finally {
      t.deps.issuer.getCard = real;
    }
    expect(created.statusCode).toBe(201);
    expect(created.json().card.status).toBe('pending');
    // The card-creation job queued with the card reads it once its wait is over.
    await t.runJobs({ waitsOver: true });
    expect(await cardOf(t, jar, created.json().card._id)).toMatchObject({ status: 'active' });
    expect(await balanceOf(t, jar)).toBe(3500);
  });

  it('keeps the 3DS code out of everything the app stores', async () => {
    const { jar } = await fundedUser(t, 'pin-hash@example.com', 5000);
    const cardId = (await createCard(t, jar, { name: 'Secret', pin: 4821 }, { 'idempotency-key': 'k' })).json().card
      ._id;
    const [row] = await executeRows<Record<string, unknown>>(t.deps.db, sql`select * from cards where id = ${cardId}`);
    const stored = JSON.stringify(row);
    for (let pin = 0; pin <= 9999; pin += 1) {
      const guess = keyedHash(
        t.deps.keys.requestFingerprints.current.key,
        JSON.stringify(['create-card', 'Secret', pin]),
      );
      expect(stored.includes(guess)).toBe(false);
    }
    expect(stored).not.toContain('4821');
    const conflict = await createCard(t, jar, { name: 'Secret', pin: 4821 }, { 'idempotency-key': 'k' });
    expect(conflict.statusCode).toBe(201);
  });

  it('does not spin on a deleted card whose balance the issuer cannot pay out', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'close-churn@example.com', {
      balance: 10_000,
      onCard: 3000,
    });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    // A purchase of $20 happened at the issuer; its webhook is still on its way.
    await executeRows(t.deps.db, sql`update sandbox_issuer_cards set book_balance = 1000 where id = ${issuerCardId}`);
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { jar })).statusCode).toBe(200);
    await settleIssuer(t);
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(60_000);
      await t.runSchedules('sweep-card-work');
      await t.runJobs({ waitsOver: true });
      await settleIssuer(t);
    }
    const closes = await executeRows<{ status: string; amount: string }>(
      t.deps.db,
      sql`select status, amount from card_operations where card_id = ${cardId} and kind = 'close' order by created_at`,
    );
    // The close sends back what the issuer holds; the rest waits, recorded as a difference for review, and the card
    // is not looked at again until a person has.
    expect(closes.map((op) => op.status)).toEqual(['failed', 'completed']);
    expect(Number(closes[1]?.amount)).toBe(1000);
    const [parked] = await executeRows<{ issuer_closed_at: string | null; parked: boolean }>(
      t.deps.db,
      sql`select issuer_closed_at, next_close_attempt_at > now() + interval '1 year' as parked from cards
          where id = ${cardId}`,
    );
    expect(parked).toEqual({ issuer_closed_at: null, parked: true });
    const [mismatch] = await executeRows<{ ledger_balance: string; issuer_balance: string }>(
      t.deps.db,
      sql`select details->>'ledgerBalance' as ledger_balance, details->>'issuerBalance' as issuer_balance from reviews
          where kind = 'card_balance_divergence' and subject_id = ${cardId} and resolved_at is null`,
    );
    expect([Number(mismatch?.ledger_balance), Number(mismatch?.issuer_balance)]).toEqual([2000, 0]);
    expect(await reviewsOfUser(t, user._id, 'card_balance_divergence')).toMatchObject([
      {
        subject_type: 'card',
        subject_id: cardId,
        resolved_at: null,
        reason: 'The ledger holds $20.00 on this card; the issuer holds $0.00.',
      },
    ]);
  });
});

describe('spending no webhook reported', () => {
  it('is found in the issuer history by reconciliation and applied once', async () => {
    const { jar, cardId } = await userWithCard(t, 'backfill@example.com', { onCard: 3000 });
    const issuerCardId = await issuerCardIdOf(jar, cardId);
    // The issuer's webhooks stop verifying (its signature scheme changed): the purchase never reaches the ledger.
    const real = t.deps.issuer.verifyWebhook;
    t.deps.issuer.verifyWebhook = () => {
      throw new IssuerError('signature', 'The webhook signature is invalid.');
    };
    try {
      expect((await simulator(issuerCardId).buy(1200)).json()).toMatchObject({ outcome: 'successful' });
    } finally {
      t.deps.issuer.verifyWebhook = real;
    }
    await executeRows(
      t.deps.db,
      sql`update sandbox_issuer_webhooks set delivered_at = now() where delivered_at is null`,
    );
    expect((await cardOf(t, jar, cardId)).balance).toBe(3000);
    t.clock.advance(11 * 60_000);
    await reconcileCardBalances(t.deps);
    await t.request('GET', '/api/auth/refresh', { jar });
    expect((await cardOf(t, jar, cardId)).balance).toBe(1800);
    expect(
      await executeRows(
        t.deps.db,
        sql`select 1 from reviews where kind = 'card_balance_divergence' and subject_id = ${cardId} and resolved_at is null`,
      ),
    ).toEqual([]);
    t.clock.advance(11 * 60_000);
    await reconcileCardBalances(t.deps);
    await t.request('GET', '/api/auth/refresh', { jar });
    expect((await cardOf(t, jar, cardId)).balance).toBe(1800);
  });

  it('flags a second event under one reference that tells a different amount', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'conflicting@example.com', { onCard: 3000 });
    const card = await issuerCardIdOf(jar, cardId);
    const debit = (amount: string) =>
      issuerWebhook('card_debit_event.successful', { card_id: card, amount, transaction_reference: 'same-ref' });
    expect(await eventOutcome(t, await debit('500'))).toBe('spent');
    expect(await eventOutcome(t, await debit('700'))).toBe('review:conflicting-duplicate');
    expect((await cardOf(t, jar, cardId)).balance).toBe(2500);
    expect(await reviewsOfUser(t, user._id, 'provider_event_disagreement')).toMatchObject([
      {
        reason: 'The issuer reports $7.00 under reference same-ref, already applied as $5.00.',
        details: { cardId, reference: 'same-ref', recorded: 500, reported: 700 },
      },
    ]);
  });
});
