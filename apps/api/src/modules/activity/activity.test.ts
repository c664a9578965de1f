// @both-databases: the statement and the top-up list are prepared statements on PostgreSQL, Drizzle on PGlite.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import {
  balanceOf,
  cardOf,
  createCard,
  fundedUser,
  settleIssuer,
  userWithCard,
  verifyCardholder,
} from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
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

type Line = {
  id: string;
  kind: string;
  amount: number;
  balanceAfter: number | null;
  cardId: string | null;
  fee: number | null;
  status: string;
  reason: string | null;
  description: string;
  topUp: { txHash: string | null; paymentUrl: string | null } | null;
};

const statement = async (jar: CookieJar, query = '') => t.request('GET', `/api/activity?pageSize=100${query}`, { jar });
const linesOf = async (jar: CookieJar, query = ''): Promise<Line[]> => (await statement(jar, query)).json().items;

const simulatorOf = async (jar: CookieJar, cardId: string) => {
  const issuerCardId =
    String((await cardOf(t, jar, cardId)).simulatorUrl)
      .split('/')
      .pop() ?? '';
  return {
    buy: (amountCents: number, merchant = 'amazon') =>
      t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
        body: { amountCents, merchant },
      }),
    refund: (reference: string) =>
      t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/refunds`, { body: { reference } }),
  };
};

const today = () => new Date(t.deps.now()).toISOString().slice(0, 10);

/** A user who topped up, made a card, loaded it, bought, was refunded and declined, and unloaded. */
async function busyUser(email: string) {
  const user = await userWithCard(t, email, { balance: 20_000, onCard: 5000 });
  const sim = await simulatorOf(user.jar, user.cardId);
  const bought = (await sim.buy(1299)).json();
  await sim.refund(bought.reference);
  await sim.buy(800, 'spotify');
  expect((await sim.buy(999_999)).json().outcome).toBe('declined');
  await settleIssuer(t);
  // The issuer allows one movement per card per five minutes.
  t.clock.advance(6 * 60_000);
  const unloaded = await t.request('PATCH', `/api/cards/${user.cardId}/unload`, {
    jar: user.jar,
    body: { amount: 1000 },
  });
  expect(unloaded.statusCode).toBe(200);
  await settleIssuer(t);
  // A top-up still waiting for its payment.
  await createDeposit(t, user.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 2500 });
  return user;
}

describe('the account statement', () => {
  it('accounts for every cent: the balance lines add up to the balance, each with the balance after it', async () => {
    const { jar, cardId } = await busyUser('statement@example.com');
    const lines = await linesOf(jar);
    const balance = await balanceOf(t, jar);
    const moved = lines.filter((line) => line.balanceAfter !== null);
    expect(moved.reduce((sum, line) => sum + line.amount, 0)).toBe(balance);
    expect(moved[0]?.balanceAfter).toBe(balance);
    // Newest first: each balance line's balance is the one before it plus its own amount.
    for (let i = 0; i < moved.length - 1; i += 1)
      expect(moved[i]?.balanceAfter).toBe((moved[i + 1]?.balanceAfter ?? 0) + (moved[i]?.amount ?? 0));
    const kinds = lines.map((line) => line.kind);
    for (const kind of ['top_up', 'card_creation_fee', 'card_load', 'load_fee', 'card_unload', 'purchase', 'refund'])
      expect(kinds).toContain(kind);
    const load = lines.find((line) => line.kind === 'card_load');
    const loadFee = lines.find((line) => line.kind === 'load_fee');
    expect(load).toMatchObject({ amount: -5000, fee: 350, cardId });
    expect(loadFee).toMatchObject({ amount: -350, cardId });
    expect(lines.find((line) => line.kind === 'card_creation_fee')).toMatchObject({ amount: -1500, cardId });
    expect(lines.find((line) => line.kind === 'card_unload')).toMatchObject({ amount: 1000, cardId });
    // Card lines and declines show with no balance after; a decline carries the issuer's reason and moves nothing.
    expect(lines.filter((line) => line.kind === 'purchase').map((line) => line.amount)).toEqual([-800, -1299]);
    expect(lines.find((line) => line.kind === 'refund')).toMatchObject({ amount: 1299, balanceAfter: null });
    expect(lines.find((line) => line.kind === 'decline')).toMatchObject({
      amount: 0,
      balanceAfter: null,
      status: 'declined',
      reason: 'Insufficient balance to pay the merchant charge',
      cardId,
    });
    const pending = lines.find((line) => line.kind === 'top_up' && line.status === 'pending');
    expect(pending).toMatchObject({ amount: 2500, balanceAfter: null });
    expect(pending?.topUp?.paymentUrl).toMatch(/^http/);
    const credited = lines.find((line) => line.kind === 'top_up' && line.status === 'paid');
    expect(credited?.topUp?.txHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('filters by kind, card, days and words, and pages', async () => {
    const { jar, cardId } = await busyUser('statement-filters@example.com');
    const all = await linesOf(jar);
    expect((await linesOf(jar, '&kind=purchase')).every((line) => line.kind === 'purchase')).toBe(true);
    const ofCard = await linesOf(jar, `&cardId=${cardId}`);
    expect(ofCard.length).toBeGreaterThan(0);
    expect(ofCard.every((line) => line.cardId === cardId)).toBe(true);
    expect((await linesOf(jar, '&q=spotify')).map((line) => line.kind)).toEqual(['purchase']);
    expect((await linesOf(jar, '&q=load fee')).map((line) => line.kind)).toEqual(['load_fee']);
    expect(await linesOf(jar, '&q=%25')).toEqual([]);
    expect(await linesOf(jar, `&from=${today()}&to=${today()}`)).toHaveLength(all.length);
    expect(await linesOf(jar, '&from=2001-01-01&to=2001-12-31')).toEqual([]);
    const first = (await t.request('GET', '/api/activity?pageSize=3&page=1', { jar })).json();
    const second = (await t.request('GET', '/api/activity?pageSize=3&page=2', { jar })).json();
    expect(first.meta).toMatchObject({ total: all.length, pages: Math.ceil(all.length / 3) });
    expect([...first.items, ...second.items].map((line: Line) => line.id)).toEqual(all.slice(0, 6).map((l) => l.id));
  });

  it("refuses bad input with a clear message, and another user's card is not found", async () => {
    const { jar, cardId } = await userWithCard(t, 'statement-hostile@example.com');
    const other = await t.signUpVerified('statement-other@example.com');
    const cases: Array<[string, number, RegExp]> = [
      ['kind=bogus', 400, /kind/],
      ['kind=purchase&kind=refund', 400, /kind/],
      ['from=2026-03-02&to=2026-03-01', 400, /on or before/],
      ['from=2026-02-30', 400, /real calendar date/],
      // Real calendar days the database cannot hold (year 0, or the day after 9999-12-31) are refused, not a 500.
      ['from=0000-01-01', 400, /between 1970-01-01 and 9999-12-30/],
      ['to=9999-12-31', 400, /between 1970-01-01 and 9999-12-30/],
      ['from=yesterday', 400, /YYYY-MM-DD/],
      ['page=0', 400, /at least 1/],
      ['page=1.5', 400, /whole number/],
      ['pageSize=1000', 400, /at most/],
      [`q=${'x'.repeat(101)}`, 400, /at most 100/],
      ['cardId=not-a-card', 404, /Card not found/],
      [`cardId=${crypto.randomUUID()}`, 404, /Card not found/],
    ];
    for (const [query, status, message] of cases) {
      const response = await t.request('GET', `/api/activity?${query}`, { jar });
      expect(response.statusCode, query).toBe(status);
      expect(response.json().message, query).toMatch(message);
    }
    // Words are data, never SQL or a pattern.
    const injected = await t.request('GET', `/api/activity?q=${encodeURIComponent("' or 1=1 --")}`, { jar });
    expect(injected.statusCode).toBe(200);
    expect(injected.json().items).toEqual([]);
    expect((await t.request('GET', '/api/activity?q=_', { jar })).json().items).toEqual([]);
    const theirs = await t.request('GET', `/api/activity?cardId=${cardId}`, { jar: other.jar });
    expect(theirs.statusCode).toBe(404);
    expect((await linesOf(other.jar)).length).toBe(0);
    expect((await t.request('GET', '/api/activity')).statusCode).toBe(401);
    expect((await t.request('GET', `/api/activity/export?from=${today()}&to=${today()}`)).statusCode).toBe(401);
  });
  it('answers only a live session of an active user, checking the session before the query string', async () => {
    const { jar, user } = await t.signUpVerified('statement-guard@example.com');
    // Lines of their own, so a refusal is not merely an empty statement.
    await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 2500 });
    const bad = [
      '?kind=bogus',
      '?from=2026-03-02&to=2026-03-01',
      '?cardId=not-a-card',
      `?cardId=${crypto.randomUUID()}`,
    ];
    const exportBad = ['/export?from=2026-03-02&to=2026-03-01', '/export?from=2025-01-01&to=2026-01-02', '/export'];
    const ask = (path: string, who?: CookieJar) => t.request('GET', `/api/activity${path}`, { jar: who });
    expect((await ask('', jar)).json().items).toHaveLength(1);
    for (const path of ['', ...bad, ...exportBad]) {
      const anonymous = await ask(path);
      expect(anonymous.statusCode, path).toBe(401);
      expect(anonymous.json(), path).toMatchObject({ errorCode: 'InvalidAccessToken' });
    }

    await executeRows(t.deps.db, sql`update users set suspended = true where id = ${user._id}`);
    for (const path of ['', ...bad, ...exportBad]) {
      const suspended = await ask(path, jar);
      expect(suspended.statusCode, path).toBe(403);
      expect(suspended.json(), path).toMatchObject({ errorCode: 'AccountSuspended' });
      expect(suspended.body, path).not.toContain('USDT');
    }
    await executeRows(t.deps.db, sql`update users set suspended = false, role = 'admin' where id = ${user._id}`);
    for (const path of ['', ...bad, `/export?from=${today()}&to=${today()}`, ...exportBad]) {
      const admin = await ask(path, jar);
      expect(admin.statusCode, path).toBe(403);
      expect(admin.json(), path).toMatchObject({ errorCode: 'Forbidden' });
    }
    await executeRows(t.deps.db, sql`update users set role = 'user' where id = ${user._id}`);

    // The logout clears the browser's cookies; the copy is someone who kept the access token (still signed, not expired).
    const kept = new CookieJar();
    kept.set('accessToken', jar.get('accessToken') ?? '');
    expect((await t.request('GET', '/api/auth/logout', { jar })).statusCode).toBe(200);
    for (const path of ['', ...bad, `/export?from=${today()}&to=${today()}`]) {
      const ended = await ask(path, kept);
      expect(ended.statusCode, path).toBe(401);
      expect(ended.json(), path).toMatchObject({ errorCode: 'InvalidAccessToken' });
    }
  });

  it("never shows a referrer the referred friend's card or its label", async () => {
    const referrer = await fundedUser(t, 'statement-referrer@example.com', 5000);
    const friend = await t.signUpVerified('statement-friend@example.com', { referredBy: referrer.user._id });
    await verifyCardholder(t, friend.jar);
    const deposit = (
      await createDeposit(t, friend.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })
    ).json();
    expect((await payInSandbox(t, deposit.paymentUrl, 'paid')).statusCode).toBe(200);
    const created = await createCard(t, friend.jar, { name: 'Friend private label', pin: 4321 });
    expect(created.statusCode).toBe(201);
    expect(created.json().reward).toBe(500);
    const friendCardId: string = created.json().card._id;
    const lines = await linesOf(referrer.jar);
    expect(lines.some((line) => line.kind === 'referral_held')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('Friend private label');
    expect(lines.map((line) => line.cardId)).not.toContain(friendCardId);
    expect(lines.every((line) => line.cardId === null)).toBe(true);
    const csv = await t.request('GET', `/api/activity/export?from=${today()}&to=${today()}`, { jar: referrer.jar });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Friend private label');
  });
});

describe('the statement as CSV', () => {
  it('has a header and the same lines as the statement, amounts in plain dollars, typed text made safe', async () => {
    const user = await userWithCard(t, 'statement-csv@example.com', { balance: 20_000 });
    const renamed = await createCard(t, user.jar, { name: '=HYPERLINK("x")', pin: 1111 });
    expect(renamed.statusCode).toBe(201);
    const response = await t.request('GET', `/api/activity/export?from=${today()}&to=${today()}`, { jar: user.jar });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="coincard-statement-/);
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Date (UTC),Kind,Description,Card,Amount (USD),Balance after (USD),Status,Reason,Transaction hash,Id',
    );
    const lines = await linesOf(user.jar);
    expect(rows).toHaveLength(lines.length + 1);
    // Oldest first; the first line is the top-up.
    expect(rows[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Top-up,Top-up in USDT \(TRON\),,200\.00,200\.00,paid,,/,
    );
    expect(rows.some((row) => row.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
    expect(rows.some((row) => row.includes(',-15.00,'))).toBe(true);
  });

  it('refuses a reversed range, more than a year, and a missing or bad day', async () => {
    const { jar } = await t.signUpVerified('statement-csv-input@example.com');
    const cases: Array<[string, RegExp]> = [
      ['from=2026-03-02&to=2026-03-01', /on or before/],
      ['from=2025-01-01&to=2026-01-02', /at most one year/],
      ['from=2026-01-01', /to must be a date/],
      ['from=2026-13-01&to=2026-12-01', /real calendar date/],
      ['from=9999-12-01&to=9999-12-31', /between 1970-01-01 and 9999-12-30/],
    ];
    for (const [query, message] of cases) {
      const response = await t.request('GET', `/api/activity/export?${query}`, { jar });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
    const leapYear = await t.request('GET', '/api/activity/export?from=2024-01-01&to=2024-12-31', { jar });
    expect(leapYear.statusCode).toBe(200);
    expect(
      leapYear.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});
