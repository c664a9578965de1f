import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { ensureUser } from '../../seed/ensure-users.js';
import {
  balanceOf,
  cardOf,
  createCard,
  fundedUser,
  settleIssuer,
  signInAgain,
  userWithCard,
} from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

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

/** Every card call, as a user would make it. */
const cardCalls = (id: string): Array<[string, string, unknown?]> => [
  ['GET', `/api/cards/${id}/public`],
  ['GET', `/api/cards/${id}/private`],
  ['GET', `/api/cards/${id}/transactions?page_no=1`],
  ['GET', `/api/cards/${id}/load-quote?amount=1000`],
  ['PATCH', `/api/cards/${id}/load`, { amount: 1000, includesFee: false }],
  ['PATCH', `/api/cards/${id}/unload`, { amount: 100 }],
  ['PATCH', `/api/cards/${id}/freeze`, {}],
  ['PATCH', `/api/cards/${id}/unfreeze`, {}],
  ['PATCH', `/api/cards/${id}/pin`, { pin: 1234 }],
  ['DELETE', `/api/cards/${id}`],
];

/** Proof that a refused call changed nothing: no card movement, no ledger transfer, no audit of a card action. */
async function snapshot() {
  return {
    operations: await countRows(t, 'card_operations'),
    transfers: await countRows(t, 'ledger_transfers'),
    cards: await executeRows(t.deps.db, sql`select id, status, name from cards order by id`),
  };
}

describe('who may touch a card', () => {
  it("answers 404 for another user's card on every call, and changes nothing", async () => {
    const owner = await userWithCard(t, 'owner@example.com', { onCard: 2000 });
    const intruder = await fundedUser(t, 'intruder@example.com', 5000);
    const before = await snapshot();
    for (const [method, url, body] of cardCalls(owner.cardId)) {
      const response = await t.request(method, url, { jar: intruder.jar, body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'NotFound', message: 'Card not found.' });
    }
    expect(await snapshot()).toEqual(before);
    expect(await cardOf(t, owner.jar, owner.cardId)).toMatchObject({ balance: 2000, status: 'active' });
    expect((await t.request('GET', '/api/cards', { jar: intruder.jar })).json()).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const { jar } = await fundedUser(t, 'unknown-ids@example.com', 5000);
    for (const id of ['01a20301-0000-7000-8000-000000000000', 'not-a-uuid', "1'; drop table cards;--", '%20']) {
      for (const [method, url, body] of cardCalls(encodeURIComponent(id))) {
        const response = await t.request(method, url, { jar, body });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('asks for a session, and keeps admins out of user cards', async () => {
    const { cardId } = await userWithCard(t, 'no-session@example.com');
    for (const [method, url, body] of cardCalls(cardId)) {
      const response = await t.request(method, url, { jar: new CookieJar(), body });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.request('GET', '/api/cards', {})).statusCode).toBe(401);
    await ensureUser(t.deps, { role: 'admin', email: 'card-admin@example.com', password: STRONG_PASSWORD });
    const admin = await signInAgain(t, 'card-admin@example.com');
    expect((await t.request('GET', '/api/cards', { jar: admin })).statusCode).toBe(403);
    expect((await t.request('GET', `/api/cards/${cardId}/public`, { jar: admin })).statusCode).toBe(403);
  });

  it('stops a suspended user from creating, loading, unloading and revealing', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'suspended@example.com', { onCard: 2000 });
    await executeRows(t.deps.db, sql`update users set suspended = true where id = ${user._id}`);
    const before = await snapshot();
    const attempts: Array<[string, string, unknown?]> = [
      ['POST', '/api/cards/create', { name: 'More', pin: 1234 }],
      ['PATCH', `/api/cards/${cardId}/load`, { amount: 1000 }],
      ['PATCH', `/api/cards/${cardId}/unload`, { amount: 500 }],
      ['GET', `/api/cards/${cardId}/private`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.request(method, url, { jar, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'AccountSuspended' });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input gets a clear 400 and moves no money', () => {
  const createCases: Array<[string, unknown, RegExp]> = [
    ['no body fields', {}, /label/i],
    ['an empty label', { name: '   ', pin: 1234 }, /Give the card a label/],
    ['a label of 33 characters', { name: 'x'.repeat(33), pin: 1234 }, /at most 32 characters/],
    ['a label that is a number', { name: 42, pin: 1234 }, /label/i],
    ['a PIN as a string', { name: 'Card', pin: '1234' }, /4-digit number/],
    ['a negative PIN', { name: 'Card', pin: -1 }, /4-digit number/],
    ['a 5-digit PIN', { name: 'Card', pin: 10000 }, /4-digit number/],
    ['a fractional PIN', { name: 'Card', pin: 12.5 }, /4-digit number/],
    ['a NUL in the label', { name: 'Bad\u0000Card', pin: 1234 }, /NUL/],
  ];

  it.each(createCases)('create with %s', async (_label, body, message) => {
    const { jar } = await fundedUser(t, `bad-create-${Math.random().toString(36).slice(2)}@example.com`, 5000);
    const before = await snapshot();
    const response = await createCard(t, jar, body as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(t, jar)).toBe(5000);
  });

  const moneyCases: Array<[string, string, unknown, RegExp]> = [
    ['load', 'no amount', {}, /amount must be a number of cents/],
    ['load', 'a string amount', { amount: '1000' }, /amount must be a number of cents/],
    ['load', 'a negative amount', { amount: -500 }, /at least \$0\.01/],
    ['load', 'fractional cents', { amount: 10.5 }, /whole number of cents/],
    ['load', 'a huge amount', { amount: 1e15 }, /at most \$10,000\.00/],
    [
      'load',
      'includesFee that is not a boolean',
      { amount: 1000, includesFee: 'yes' },
      /includesFee must be true or false/,
    ],
    ['unload', 'no amount', {}, /amount must be a number of cents/],
    ['unload', 'less than $1', { amount: 50 }, /at least \$1\.00/],
    ['unload', 'a string amount', { amount: '500' }, /amount must be a number of cents/],
    ['unload', 'an amount as an array', { amount: [500] }, /amount must be a number of cents/],
    ['pin', 'a PIN that is too long', { pin: 123456 }, /4-digit number/],
    ['pin', 'no PIN', {}, /4-digit number/],
  ];

  it.each(moneyCases)('%s with %s', async (action, _label, body, message) => {
    const { jar, cardId } = await userWithCard(t, `bad-${action}-${Math.random().toString(36).slice(2)}@example.com`, {
      onCard: 2000,
    });
    const before = await snapshot();
    const balance = await balanceOf(t, jar);
    const response = await t.request('PATCH', `/api/cards/${cardId}/${action}`, { jar, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'ValidationError' });
    expect(response.json().message).toMatch(message);
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(t, jar)).toBe(balance);
    expect((await cardOf(t, jar, cardId)).balance).toBe(2000);
  });

  it('refuses malformed JSON, wrong content types, bad query strings and over-long keys', async () => {
    const { jar, cardId } = await userWithCard(t, 'bad-transport@example.com', { onCard: 2000 });
    const before = await snapshot();
    const broken = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      rawBody: '{"amount": 10',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
    const text = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      rawBody: 'amount=1000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    for (const query of ['amount=abc', 'amount=-1', 'amount=1000&includesFee=maybe', '']) {
      const quote = await t.request('GET', `/api/cards/${cardId}/load-quote?${query}`, { jar });
      expect(quote.statusCode, query).toBe(400);
    }
    for (const page of ['abc', '0', '-2', '1.5']) {
      const history = await t.request('GET', `/api/cards/${cardId}/transactions?page_no=${page}`, { jar });
      expect(history.statusCode, page).toBe(400);
      expect(history.json().message).toMatch(/page_no/);
    }
    const longKey = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      body: { amount: 1000 },
      headers: { 'idempotency-key': 'k'.repeat(101) },
    });
    expect(longKey.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    await settleIssuer(t);
  });
});
