import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorizationRequest } from '../../test/authorization-helpers.js';
import { balanceOf, cardOf, createCard, fundedUser, settleIssuer, userWithCard } from '../../test/card-helpers.js';
import { countRows } from '../../test/count-rows.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
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

const NO_CONTROLS = { perPurchase: null, daily: null, monthly: null, merchantLock: false, blockedCategories: [] };

async function cardWithSimulator(email: string, onCard: number) {
  const user = await userWithCard(t, email, { balance: 20_000, onCard });
  const card = await cardOf(t, user.jar, user.cardId);
  const issuerCardId = String(card.simulatorUrl).split('/').pop() ?? '';
  const buy = async (amountCents: number, merchant: string) => {
    const bought = (
      await t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
        body: { amountCents, merchant },
      })
    ).json() as { outcome: string; reason: string | null };
    await settleIssuer(t);
    return bought;
  };
  const controls = (body: Record<string, unknown>) =>
    t.request('PUT', `/api/cards/${user.cardId}/controls`, { jar: user.jar, body: { ...NO_CONTROLS, ...body } });
  return { ...user, issuerCardId, buy, controls };
}

const history = async (user: { jar: Parameters<typeof cardOf>[1]; cardId: string }) =>
  (await t.request('GET', `/api/cards/${user.cardId}/transactions`, { jar: user.jar })).json().transactions as {
    status: string;
    amount: number;
    decline_reason: string | null;
  }[];

describe('card controls: GET and PUT /api/cards/{id}/controls', () => {
  it('starts with no controls, saves a full set, shows what is left and audits the change', async () => {
    const user = await cardWithSimulator('controls@example.com', 5000);
    const start = await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({
      ...NO_CONTROLS,
      singleUse: false,
      lockedMerchant: null,
      dailyWindow: null,
      monthlyWindow: null,
      enforcement: 'authorization',
    });
    const saved = await user.controls({
      perPurchase: 2000,
      daily: 5000,
      monthly: 20_000,
      merchantLock: true,
      blockedCategories: ['travel', 'gambling', 'travel'],
    });
    expect(saved.statusCode).toBe(200);
    const now = t.deps.now();
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(saved.json()).toMatchObject({
      perPurchase: 2000,
      daily: 5000,
      monthly: 20_000,
      merchantLock: true,
      blockedCategories: ['gambling', 'travel'],
      dailyWindow: { left: 5000, spent: 0, renewsAt: tomorrow.toISOString() },
      monthlyWindow: { left: 20_000, spent: 0, renewsAt: nextMonth.toISOString() },
    });
    expect((await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar })).json()).toEqual(
      saved.json(),
    );
    expect(
      await countRows(t, 'audit_log', sql`action = 'card.controls_changed' and details->>'cardId' = ${user.cardId}`),
    ).toBe(1);
  });

  it('refuses bad controls with a readable 400 and writes nothing', async () => {
    const user = await cardWithSimulator('bad-controls@example.com', 0);
    expect((await user.controls({ daily: 1000 })).statusCode).toBe(200);
    const audits = await countRows(t, 'audit_log', sql`action = 'card.controls_changed'`);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ perPurchase: -100 }, /at least \$0\.01/],
      [{ daily: 0 }, /at least \$0\.01/],
      [{ monthly: 10.5 }, /whole number of cents/],
      [{ monthly: 1e12 }, /at most \$10,000\.00/],
      [{ daily: '1000' }, /number of cents or null/],
      [{ blockedCategories: ['weapons'] }, /Unknown merchant category/],
      [{ blockedCategories: 'travel' }, /list of categories/],
      [{ merchantLock: 'yes' }, /true or false/],
      [{ daily: 5000, monthly: 1000 }, /daily limit cannot be more than the monthly limit/],
      [{ perPurchase: 5000, daily: 1000 }, /per-purchase limit cannot be more/],
      [{ colour: 'red' }, /Unknown field: colour/],
    ];
    for (const [body, message] of cases) {
      const refused = await user.controls(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      // A field's own message, or for an unknown field the body's (in `fields.body`).
      expect(JSON.stringify(refused.json())).toMatch(message);
    }
    const missing = await t.request('PUT', `/api/cards/${user.cardId}/controls`, { jar: user.jar, body: { daily: 5 } });
    expect(missing.statusCode).toBe(400);
    expect((await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar })).json()).toMatchObject({
      ...NO_CONTROLS,
      daily: 1000,
    });
    expect(await countRows(t, 'audit_log', sql`action = 'card.controls_changed'`)).toBe(audits);
  });

  it("answers 404 for another user's card and changes nothing", async () => {
    const owner = await cardWithSimulator('controls-owner@example.com', 0);
    const other = await fundedUser(t, 'controls-other@example.com', 2000);
    const read = await t.request('GET', `/api/cards/${owner.cardId}/controls`, { jar: other.jar });
    expect(read.statusCode).toBe(404);
    const write = await t.request('PUT', `/api/cards/${owner.cardId}/controls`, {
      jar: other.jar,
      body: { ...NO_CONTROLS, daily: 100 },
    });
    expect(write.statusCode).toBe(404);
    expect((await t.request('GET', `/api/cards/not-a-card/controls`, { jar: other.jar })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/cards/${owner.cardId}/controls`, { jar: owner.jar })).json()).toMatchObject(
      NO_CONTROLS,
    );
  });
});

describe('controls enforced when the issuer asks about a purchase', () => {
  it('declines a purchase over a limit with the reason in the card history, and moves nothing', async () => {
    const user = await cardWithSimulator('limits@example.com', 5000);
    await user.controls({ perPurchase: 1500, daily: 2000 });
    expect(await user.buy(1600, 'amazon')).toEqual({
      outcome: 'declined',
      reason: "Over the card's per-purchase limit of $15.00",
      reference: expect.any(String),
    });
    expect((await user.buy(1200, 'amazon')).outcome).toBe('successful');
    expect(await user.buy(900, 'uber')).toMatchObject({
      outcome: 'declined',
      reason: "Over the card's daily limit: $8.00 left today",
    });
    expect((await cardOf(t, user.jar, user.cardId)).balance).toBe(3800);
    const lines = await history(user);
    expect(lines.filter((line) => line.status === 'declined')).toMatchObject([
      { amount: 900, decline_reason: "Over the card's daily limit: $8.00 left today" },
      { amount: 1600, decline_reason: "Over the card's per-purchase limit of $15.00" },
    ]);
    // Told once more by the issuer's decline webhook, each decline is still one line.
    expect(await countRows(t, 'card_declines', sql`card_id = ${user.cardId}`)).toBe(2);
    const controls = (await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar })).json();
    expect(controls.dailyWindow).toMatchObject({ spent: 1200, left: 800 });
  });

  it('locks a card to its first merchant and refuses blocked categories', async () => {
    const user = await cardWithSimulator('lock@example.com', 5000);
    await user.controls({ merchantLock: true, blockedCategories: ['transport'] });
    expect(await user.buy(300, 'uber')).toMatchObject({
      outcome: 'declined',
      reason: 'Transport purchases are blocked on this card',
    });
    expect((await user.buy(1299, 'netflix')).outcome).toBe('successful');
    expect(await user.buy(999, 'spotify')).toMatchObject({
      outcome: 'declined',
      reason: 'This card is locked to Netflix',
    });
    expect((await user.buy(1299, 'netflix')).outcome).toBe('successful');
    const controls = (await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar })).json();
    expect(controls.lockedMerchant).toBe('Netflix');
  });

  it('closes a single-use card after its first purchase and returns the rest to the balance', async () => {
    const user = await fundedUser(t, 'single-use@example.com', 20_000);
    const created = await createCard(t, user.jar, { name: 'One shot', pin: 1234, singleUse: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().card.singleUse).toBe(true);
    const cardId = created.json().card._id as string;
    await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar: user.jar,
      body: { amount: 3000, includesFee: false },
    });
    await settleIssuer(t);
    const card = await cardOf(t, user.jar, cardId);
    const issuerCardId = String(card.simulatorUrl).split('/').pop() ?? '';
    const before = await balanceOf(t, user.jar);
    const buy = (amountCents: number) =>
      t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
        body: { amountCents, merchant: 'digitalocean' },
      });
    expect((await buy(1000)).json().outcome).toBe('successful');
    await settleIssuer(t);
    expect((await t.request('GET', `/api/cards/${cardId}/public`, { jar: user.jar })).statusCode).toBe(404);
    expect(await balanceOf(t, user.jar)).toBe(before + 2000);
    expect(
      await countRows(t, 'audit_log', sql`action = 'card.single_use_closed' and details->>'cardId' = ${cardId}`),
    ).toBe(1);
    const again = (await buy(100)).json();
    expect(again.outcome).toBe('declined');
  });
});

describe('the authorization request: signed, fresh and answered once', () => {
  it('refuses a forged, unsigned or stale request with 401 and decides nothing', async () => {
    const user = await cardWithSimulator('forgery@example.com', 5000);
    const rows = () => countRows(t, 'card_authorizations', sql`card_id = ${user.cardId}`);
    const forged = authorizationRequest(
      t,
      { issuerCardId: user.issuerCardId, amount: 100 },
      { secret: 'not-the-secret' },
    );
    expect((await forged.send()).statusCode).toBe(401);
    const honest = authorizationRequest(t, { issuerCardId: user.issuerCardId, amount: 100 });
    const tampered = await t.request('POST', '/api/issuing/authorizations', {
      rawBody: honest.body.replace('"100"', '"1"'),
      headers: honest.headers,
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await t.request('POST', '/api/issuing/authorizations', {
      rawBody: honest.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    const stale = authorizationRequest(
      t,
      { issuerCardId: user.issuerCardId, amount: 100 },
      { timestamp: Math.floor(t.deps.now().getTime() / 1000) - 301 },
    );
    const staleAnswer = await stale.send();
    expect(staleAnswer.statusCode).toBe(401);
    expect(staleAnswer.json().message).toBe('The authorization request signature is invalid or stale.');
    expect(await rows()).toBe(0);
  });

  it('gives a replayed request the answer already given and counts it once', async () => {
    const user = await cardWithSimulator('replay@example.com', 5000);
    await user.controls({ daily: 1000 });
    const request = authorizationRequest(t, { issuerCardId: user.issuerCardId, amount: 800, id: 'auth_replayed' });
    const first = await request.send();
    expect(first.json()).toEqual({ approved: true, decline_reason: null });
    const replayed = await request.send();
    expect(replayed.json()).toEqual({ approved: true, decline_reason: null });
    expect(await countRows(t, 'card_authorizations', sql`card_id = ${user.cardId}`)).toBe(1);
    const controls = (await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar })).json();
    expect(controls.dailyWindow).toMatchObject({ spent: 800, left: 200 });
  });

  it('lets only one of two simultaneous purchases through a limit they would pass together', async () => {
    const user = await cardWithSimulator('concurrent@example.com', 5000);
    await user.controls({ daily: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => authorizationRequest(t, { issuerCardId: user.issuerCardId, amount: 600 }).send()),
    );
    const approved = answers.map((answer) => answer.json()).filter((answer) => answer.approved);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(approved).toHaveLength(1);
    expect(await countRows(t, 'card_declines', sql`card_id = ${user.cardId}`)).toBe(3);
  });
});
