import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardOf, issuerWebhook, settleIssuer, userWithCard } from '../../test/card-helpers.js';
import { countRows } from '../../test/count-rows.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { balanceOfKind } from '../ledger/ledger-read.js';

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

/** The spend simulator, used as its page does: what a merchant and the card network would do to a card. */
const simulator = (issuerCardId: string) => ({
  view: () => t.request('GET', `/sandbox/issuing/simulator/cards/${issuerCardId}`),
  buy: (body: Record<string, unknown>) =>
    t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, { body }),
  refund: (reference: string) =>
    t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/refunds`, { body: { reference } }),
});

async function cardWithSimulator(email: string, onCard: number) {
  const user = await userWithCard(t, email, { balance: 20_000, onCard });
  const card = await cardOf(t, user.jar, user.cardId);
  const issuerCardId = String(card.simulatorUrl).split('/').pop() ?? '';
  expect(card.simulatorUrl).toBe(`${t.appUrl}/sandbox/cards/${issuerCardId}`);
  return { ...user, sim: simulator(issuerCardId), issuerCardId };
}

describe('card spending through the issuer', () => {
  it('records a purchase as the issuer reports it: from the card to the issuer settlement account', async () => {
    const { jar, cardId, sim } = await cardWithSimulator('spend@example.com', 5000);
    const settlementBefore = await balanceOfKind(t.deps.db, 'clearing_issuer', 'sandbox#');
    const bought = await sim.buy({ amountCents: 1299, merchant: 'spotify', recurring: true });
    expect(bought.json()).toMatchObject({ outcome: 'successful', reason: null });
    expect((await cardOf(t, jar, cardId)).balance).toBe(3701);
    expect(await balanceOfKind(t.deps.db, 'clearing_issuer', 'sandbox#')).toBe(settlementBefore + 1299);
    const history = (await t.request('GET', `/api/cards/${cardId}/transactions`, { jar })).json();
    expect(history.transactions[0]).toMatchObject({
      card_transaction_type: 'DEBIT',
      amount: 1299,
      enriched_data: { merchant_name: 'Spotify', is_recurring: true, transaction_category: 'Entertainment' },
    });
  });

  it('declines a purchase above the balance and on a frozen card, and moves nothing', async () => {
    const { jar, cardId, sim, issuerCardId } = await cardWithSimulator('declined@example.com', 1000);
    const tooBig = await sim.buy({ amountCents: 1001, merchant: 'amazon' });
    expect(tooBig.json()).toMatchObject({
      outcome: 'declined',
      reason: 'Insufficient balance to pay the merchant charge',
    });
    await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar });
    expect((await sim.buy({ amountCents: 100, merchant: 'uber' })).json()).toMatchObject({
      outcome: 'declined',
      reason: 'Card is frozen',
    });
    expect((await cardOf(t, jar, cardId)).balance).toBe(1000);
    expect(
      await countRows(
        t,
        'provider_events',
        sql`subject = ${issuerCardId} and event_type = 'card_debit_event.declined'`,
      ),
    ).toBe(2);
    expect((await sim.view()).json()).toMatchObject({ status: 'frozen', availableCents: 1000 });
    // Both declines are in the card's history with the issuer's reason, newest first, beside the real lines.
    const history = (await t.request('GET', `/api/cards/${cardId}/transactions`, { jar })).json();
    const declined = history.transactions.filter((line: { status: string }) => line.status === 'declined');
    expect(declined).toMatchObject([
      {
        amount: 100,
        description: 'UBER *TRIP SAN FRANCISCO US',
        decline_reason: 'Card is frozen',
        card_transaction_type: 'DEBIT',
      },
      { amount: 1001, decline_reason: 'Insufficient balance to pay the merchant charge' },
    ]);
    expect(history.meta.total).toBe(history.transactions.length);
    expect(await countRows(t, 'card_declines', sql`card_id = ${cardId}`)).toBe(2);
  });

  it("records a decline once however often the issuer tells it, and never another user's", async () => {
    const { jar, cardId, issuerCardId } = await cardWithSimulator('decline-once@example.com', 1000);
    const other = await cardWithSimulator('decline-other@example.com', 1000);
    const deliver = (reference: string) =>
      issuerWebhook(t, 'card_debit_event.declined', {
        card_id: issuerCardId,
        amount: '700',
        currency: 'USD',
        description: 'Netflix',
        transaction_reference: reference,
        decline_reason: 'Card is frozen',
        transaction_date: '2026-11-20 10:00:00',
      });
    for (let i = 0; i < 3; i += 1) expect((await deliver('same-decline')).statusCode).toBe(200);
    expect(await countRows(t, 'card_declines', sql`card_id = ${cardId}`)).toBe(1);
    const mine = (await t.request('GET', `/api/cards/${cardId}/transactions`, { jar })).json();
    expect(mine.transactions.filter((line: { status: string }) => line.status === 'declined')).toMatchObject([
      { status: 'declined', amount: 700, description: 'Netflix', decline_reason: 'Card is frozen' },
    ]);
    const theirs = await t.request('GET', `/api/cards/${cardId}/transactions`, { jar: other.jar });
    expect(theirs.statusCode).toBe(404);
  });

  it('gives a refund back to the card once', async () => {
    const { jar, cardId, sim } = await cardWithSimulator('refund@example.com', 5000);
    const { reference } = (await sim.buy({ amountCents: 2500, merchant: 'digitalocean' })).json();
    const refunded = await sim.refund(reference);
    expect(refunded.statusCode).toBe(200);
    expect((await cardOf(t, jar, cardId)).balance).toBe(5000);
    const again = await sim.refund(reference);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This purchase was already refunded.');
    expect((await cardOf(t, jar, cardId)).balance).toBe(5000);
    const view = (await sim.view()).json();
    expect(view.purchases.find((p: { reference: string }) => p.reference === reference)).toMatchObject({
      isRefunded: true,
    });
    const history = (await t.request('GET', `/api/cards/${cardId}/transactions`, { jar })).json();
    expect(history.transactions[0]).toMatchObject({ card_transaction_type: 'CREDIT', amount: 2500 });
  });

  it('completes loads moments later by itself, through the same webhook path', async () => {
    const quick = await createTestApp({ configEnv: { SANDBOX_ISSUER_SETTLE_MS: '50' } });
    try {
      const { jar, cardId } = await userWithCard(quick, 'moments-later@example.com');
      await quick.request('PATCH', `/api/cards/${cardId}/load`, { jar, body: { amount: 1000 } });
      let balance = 0;
      for (let i = 0; i < 250 && balance === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        balance = (await quick.request('GET', `/api/cards/${cardId}/public`, { jar })).json().balance;
      }
      expect(balance).toBe(1000);
      expect(await countRows(quick, 'provider_events', sql`event_type = 'card_credit_event.successful'`)).toBe(1);
      await expectLedgerInvariants(quick.deps.db);
    } finally {
      await quick.close();
    }
  });

  it('refuses bad simulator input with a clear message', async () => {
    const { sim } = await cardWithSimulator('sim-input@example.com', 1000);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ amountCents: 0, merchant: 'amazon' }, /at least \$0\.01/],
      [{ amountCents: 12.5, merchant: 'amazon' }, /whole cents/],
      [{ amountCents: 100, merchant: 'nowhere' }, /listed merchants/],
      [{ merchant: 'amazon' }, /amount in cents/],
    ];
    for (const [body, message] of cases) {
      const response = await sim.buy(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await simulator('0'.repeat(32)).view()).statusCode).toBe(404);
    expect((await simulator('not-a-card').view()).statusCode).toBe(404);
    expect((await sim.refund('unknown-reference')).statusCode).toBe(404);
    await settleIssuer(t);
  });
});
