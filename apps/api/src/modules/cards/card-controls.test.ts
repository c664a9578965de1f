import { ALERT_KINDS } from '@coincard/shared';
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

describe('loosening controls: the owner is told at once (card_unlocked)', () => {
  const TIGHT = {
    perPurchase: 1000,
    daily: 2000,
    monthly: 5000,
    merchantLock: true,
    blockedCategories: ['gambling', 'travel'],
  };
  type Item = { kind: string; title: string; body: string; link: string | null };
  const unlockAlerts = async (jar: Parameters<typeof cardOf>[1]) =>
    ((await t.request('GET', '/api/alerts?pageSize=50', { jar })).json().items as Item[]).filter(
      (alert) => alert.kind === 'card_unlocked',
    );
  const loosenedMails = (email: string) =>
    t.smtp.mails.filter((mail) => mail.to === email && mail.subject.startsWith('Card controls loosened'));
  const allMailsOff = async (jar: Parameters<typeof cardOf>[1]) => {
    // A thief would switch every mail off first; the card's controls mail stays on regardless.
    const off = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, false]));
    expect((await t.request('PUT', '/api/alerts/preferences', { jar, body: { email: off } })).statusCode).toBe(200);
  };

  it('raises one always-mailed alert per loosening request, naming what was loosened', async () => {
    const email = 'loosen@example.com';
    const user = await cardWithSimulator(email, 0);
    const card = await cardOf(t, user.jar, user.cardId);
    await allMailsOff(user.jar);
    // Setting controls on a card that had none only tightens it.
    expect((await user.controls(TIGHT)).statusCode).toBe(200);
    expect(await unlockAlerts(user.jar)).toEqual([]);

    const cases: [Record<string, unknown>, string][] = [
      [{ perPurchase: 1500 }, 'the per-purchase limit was raised from $10.00 to $15.00'],
      [{ perPurchase: null }, 'the per-purchase limit of $10.00 was removed'],
      [{ daily: 3000 }, 'the daily limit was raised from $20.00 to $30.00'],
      [{ daily: null }, 'the daily limit of $20.00 was removed'],
      [{ monthly: 9000 }, 'the monthly limit was raised from $50.00 to $90.00'],
      [{ monthly: null }, 'the monthly limit of $50.00 was removed'],
      [{ merchantLock: false }, 'the merchant lock was turned off, so the card can be used at any merchant'],
      [{ blockedCategories: ['travel'] }, 'Gambling purchases are no longer blocked'],
    ];
    for (const [index, [change, words]] of cases.entries()) {
      const loosened = await user.controls({ ...TIGHT, ...change });
      expect(loosened.statusCode, JSON.stringify(change)).toBe(200);
      const [alert, ...older] = await unlockAlerts(user.jar);
      expect(older).toHaveLength(index);
      expect(alert).toMatchObject({ title: 'Card controls loosened: Everyday', link: `/cards/${user.cardId}` });
      expect(alert?.body).toContain(
        `The spending controls of your card Everyday (•••• ${card.last4Digits}) were loosened on `,
      );
      expect(alert?.body).toContain(
        `: ${words}. If this was not you, freeze the card on its page now, then sign out your other sessions and change your password in Profile Settings.`,
      );
      const mail = await t.smtp.waitFor((sent) => sent.to === email && sent.text.includes(words));
      expect(mail.subject).toContain('Card controls loosened: Everyday');
      expect(mail.text).toMatch(/This happened at \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\./);
      // Back to the tight set: tightening says nothing.
      expect((await user.controls(TIGHT)).statusCode).toBe(200);
    }
    expect(await unlockAlerts(user.jar)).toHaveLength(cases.length);
    await t.smtp.settle();
    expect(loosenedMails(email)).toHaveLength(cases.length);
    // Each alert was written with the change it reports.
    expect(
      await countRows(t, 'audit_log', sql`action = 'card.controls_changed' and details->>'cardId' = ${user.cardId}`),
    ).toBe(1 + 2 * cases.length);
  });

  it('names everything one request loosens in one alert, and says nothing when a change only tightens', async () => {
    const email = 'mixed-controls@example.com';
    const user = await cardWithSimulator(email, 0);
    await user.controls(TIGHT);
    const mixed = await user.controls({
      perPurchase: null,
      daily: 1500,
      monthly: null,
      merchantLock: false,
      blockedCategories: ['groceries'],
    });
    expect(mixed.statusCode).toBe(200);
    const [alert, ...others] = await unlockAlerts(user.jar);
    expect(others).toEqual([]);
    expect(alert?.body).toContain(
      ': the per-purchase limit of $10.00 was removed; the monthly limit of $50.00 was removed; the merchant lock was turned off, so the card can be used at any merchant; Gambling and Travel purchases are no longer blocked.',
    );
    // The daily limit went down: that tightened it, so it is not named.
    expect(alert?.body).not.toContain('daily');

    const tightenings = [
      { perPurchase: 500, daily: 1500, monthly: null, merchantLock: false, blockedCategories: ['groceries'] },
      { perPurchase: 500, daily: 1000, monthly: 4000, merchantLock: false, blockedCategories: ['groceries'] },
      { perPurchase: 500, daily: 1000, monthly: 4000, merchantLock: true, blockedCategories: ['groceries'] },
      { perPurchase: 500, daily: 1000, monthly: 4000, merchantLock: true, blockedCategories: ['groceries', 'travel'] },
      // The same set again: nothing changes, nothing is said.
      { perPurchase: 500, daily: 1000, monthly: 4000, merchantLock: true, blockedCategories: ['groceries', 'travel'] },
    ];
    for (const body of tightenings) expect((await user.controls(body)).statusCode).toBe(200);
    expect(await unlockAlerts(user.jar)).toHaveLength(1);
    await t.smtp.settle();
    expect(loosenedMails(email)).toHaveLength(1);
  });

  it("counts saves against the account's card actions, so a stolen session cannot flood the owner with mail", async () => {
    const email = 'flood@example.com';
    const user = await cardWithSimulator(email, 0);
    // Sixty card actions per account in 15 minutes, saves of controls among them; each second save loosens.
    const answers: number[] = [];
    for (let i = 0; i < 61; i += 1) answers.push((await user.controls(i % 2 ? {} : { merchantLock: true })).statusCode);
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    const refused = await user.controls({ merchantLock: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/try again/i);
    expect(await unlockAlerts(user.jar)).toHaveLength(30);
    // The refused saves changed nothing.
    expect((await t.request('GET', `/api/cards/${user.cardId}/controls`, { jar: user.jar })).json()).toMatchObject({
      merchantLock: false,
    });
  });

  it("raises nothing for a refused change: bad controls, or another user's card", async () => {
    const email = 'refused-loosen@example.com';
    const owner = await cardWithSimulator(email, 0);
    await owner.controls(TIGHT);
    const other = await fundedUser(t, 'refused-loosen-other@example.com', 2000);
    const foreign = await t.request('PUT', `/api/cards/${owner.cardId}/controls`, {
      jar: other.jar,
      body: NO_CONTROLS,
    });
    expect(foreign.statusCode).toBe(404);
    const invalid = await owner.controls({ perPurchase: null, daily: 5000, monthly: 1000 });
    expect(invalid.statusCode).toBe(400);
    expect((await t.request('GET', `/api/cards/${owner.cardId}/controls`, { jar: owner.jar })).json()).toMatchObject(
      TIGHT,
    );
    expect(await unlockAlerts(owner.jar)).toEqual([]);
    expect(await unlockAlerts(other.jar)).toEqual([]);
    expect(await countRows(t, 'alerts', sql`kind = 'card_unlocked' and card_id = ${owner.cardId}`)).toBe(0);
    await t.smtp.settle();
    expect(loosenedMails(email)).toEqual([]);
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
