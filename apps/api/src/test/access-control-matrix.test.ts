import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/client.js';
import { userWithCard } from './card-helpers.js';
import { CookieJar } from './cookie-jar.js';
import { createDeposit } from './deposit-helpers.js';
import { type OpenApiDocument, type Route, routesOf } from './hostile-input.js';
import { expectLedgerInvariants } from './ledger-invariants.js';
import { addPasskey } from './passkeys.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from './test-app.js';
import { createVirtualAuthenticator } from './virtual-authenticator.js';

/**
 * Every route in the OpenAPI document that takes an id, asked by someone who must not get at the object: a guest
 * (401), another signed-in user (404 for an owner's object, 403 for the admin console). Never data, never a change.
 * A new route with a path parameter fails this test until it is given a rule below, so none slips through unchecked.
 */

type Rule =
  | { kind: 'owned'; params: Record<string, 'card' | 'deposit' | 'passkey' | 'session' | 'alert'> }
  | { kind: 'admin'; params: Record<string, 'user' | 'card'> }
  | { kind: 'not-an-object'; why: string };

const RULES: Record<string, Rule> = {
  '/api/cards/{id}': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/public': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/private': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/transactions': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/load-quote': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/load': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/unload': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/freeze': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/unfreeze': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/pin': { kind: 'owned', params: { id: 'card' } },
  '/api/cards/{id}/controls': { kind: 'owned', params: { id: 'card' } },
  '/api/transactions/{id}': { kind: 'owned', params: { id: 'deposit' } },
  '/api/user/passkeys/{id}': { kind: 'owned', params: { id: 'passkey' } },
  '/api/user/sessions/{id}': { kind: 'owned', params: { id: 'session' } },
  '/api/alerts/{id}/read': { kind: 'owned', params: { id: 'alert' } },
  '/api/admin/suspend/{id}': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/2fa/{id}': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/users/{id}/second-factor/reset': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/stats/user/{id}': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/users/{id}/cards': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/users/{id}/deposits': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/users/{id}/cardholder': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/users/{id}/cardholder/reverify': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/cards/{cardId}/freeze': { kind: 'admin', params: { cardId: 'card' } },
  '/api/admin/cards/{cardId}/unfreeze': { kind: 'admin', params: { cardId: 'card' } },
  '/api/admin/reviews/{id}': { kind: 'admin', params: { id: 'user' } },
  '/api/admin/jobs/dead-letters/{id}/retry': { kind: 'admin', params: { id: 'user' } },
  '/api/auth/email/verify/{code}': { kind: 'not-an-object', why: 'a secret one-time code, not an id' },
  '/api/transactions/exchange-rate/{currency}': { kind: 'not-an-object', why: 'a public coin name' },
  '/sandbox/payments/v1/exchange-rate/{coin}/list': { kind: 'not-an-object', why: "the sandbox provider's rates" },
  '/sandbox/payments/checkout/{uuid}': {
    kind: 'not-an-object',
    why: "the sandbox provider's payer page, reached by its unguessable invoice link as the real provider's is",
  },
  '/sandbox/payments/checkout/{uuid}/outcome': {
    kind: 'not-an-object',
    why: "the sandbox provider's payer page, reached by its unguessable invoice link as the real provider's is",
  },
};

/** Bodies that pass validation, so a refusal is the access check answering and not the validator. */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/cards/{id}/load': { amount: 1_000, includesFee: false },
  'PATCH /api/cards/{id}/unload': { amount: 500 },
  'PATCH /api/cards/{id}/pin': { pin: 4321 },
  'PUT /api/cards/{id}/controls': {
    perPurchase: 100,
    daily: null,
    monthly: null,
    merchantLock: true,
    blockedCategories: ['travel'],
  },
  'PATCH /api/admin/suspend/{id}': { suspended: true },
  'PATCH /api/admin/2fa/{id}': { enabled: false },
  'PATCH /api/admin/reviews/{id}': { note: 'looked at it' },
  'POST /api/admin/users/{id}/cardholder/reverify': { reason: 'Please verify your identity again.' },
  'PATCH /api/user/passkeys/{id}': { name: 'Mine now' },
  'DELETE /api/user/passkeys/{id}': { password: STRONG_PASSWORD },
};

const VALID_QUERIES: Record<string, string> = { 'GET /api/cards/{id}/load-quote': '?amount=1000' };

let t: TestApp;
let victim: Awaited<ReturnType<typeof userWithCard>>;
let victimDepositId: string;
let victimPasskeyId: string;
let victimSessionId: string;
let victimAlertId: string;
let stranger: CookieJar;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp();
  victim = await userWithCard(t, 'matrix-victim@example.com', { balance: 20_000, onCard: 2_000 });
  victimDepositId = (
    await createDeposit(t, victim.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })
  ).json()._id;
  expect(
    (await addPasskey(t, victim.jar, createVirtualAuthenticator({ origin: t.appUrl }), 'Victim key')).statusCode,
  ).toBe(201);
  victimPasskeyId = (await t.request('GET', '/api/user/passkeys', { jar: victim.jar })).json().passkeys[0]._id;
  victimSessionId = (await t.request('GET', '/api/user/sessions', { jar: victim.jar })).json().sessions[0]._id;
  // The top-up that funded the victim raised an alert, unread.
  victimAlertId = (await t.request('GET', '/api/alerts', { jar: victim.jar })).json().items[0].id;
  // The stranger owns a card too: an owner of cards is still nobody's owner of this one.
  stranger = (await userWithCard(t, 'matrix-stranger@example.com', { balance: 10_000 })).jar;
  routes = routesOf(t.app.swagger() as unknown as OpenApiDocument).filter((route) => route.pathParams.length > 0);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const snapshot = async () => ({
  ledger: await executeRows(t.deps.db, sql`select id, balance::text from ledger_accounts order by id`),
  victim: await executeRows(
    t.deps.db,
    sql`select u.suspended, u.two_factor_enabled, c.status, c.frozen_reason, c.pending_pin_sealed,
          (select count(*)::int from card_operations o where o.card_id = c.id) as operations
        from users u join cards c on c.user_id = u.id where u.email = 'matrix-victim@example.com'`,
  ),
  credentials: await executeRows(
    t.deps.db,
    sql`select p.name, (select count(*)::int from sessions s where s.user_id = u.id and s.revoked_at is null) as sessions
        from users u join passkeys p on p.user_id = u.id where u.email = 'matrix-victim@example.com'`,
  ),
  alerts: await executeRows(t.deps.db, sql`select id, read_at from alerts order by id`),
});

function urlFor(route: Route, rule: Extract<Rule, { params: unknown }>) {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const object = (rule.params as Record<string, 'user' | 'card' | 'deposit' | 'passkey' | 'session' | 'alert'>)[name];
    if (!object) throw new Error(`${route.path}: no object for {${name}}`);
    return {
      card: victim.cardId,
      deposit: victimDepositId,
      user: victim.user._id,
      passkey: victimPasskeyId,
      session: victimSessionId,
      alert: victimAlertId,
    }[object];
  });
}

describe('access-control matrix: every route with an id, asked by a guest and by another user', () => {
  it('gives every route with a path parameter a rule', () => {
    const unruled = routes.filter((route) => !RULES[route.path]).map((route) => `${route.method} ${route.path}`);
    expect(unruled).toEqual([]);
    expect(routes.length).toBeGreaterThan(15);
  });

  it('answers 401 to a guest, 404 or 403 to another user, never the victim’s data, and changes nothing', async () => {
    const before = await snapshot();
    const leaks = [
      victim.cardId,
      victimDepositId,
      victim.user._id,
      'matrix-victim',
      victimPasskeyId,
      victimSessionId,
      victimAlertId,
    ];
    const answers: string[] = [];
    const expected: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const rule = RULES[route.path];
      if (!rule || rule.kind === 'not-an-object') continue;
      const url = urlFor(route, rule) + (VALID_QUERIES[`${route.method} ${route.path}`] ?? '');
      const body = VALID_BODIES[`${route.method} ${route.path}`];
      for (const who of ['guest', 'stranger'] as const) {
        const response = await t.request(route.method as 'GET', url, {
          jar: who === 'guest' ? new CookieJar() : stranger,
          body,
          headers: { 'idempotency-key': `matrix-${checked}` },
        });
        checked += 1;
        const want = who === 'guest' ? 401 : rule.kind === 'admin' ? 403 : 404;
        answers.push(`${who} ${route.method} ${route.path} → ${response.statusCode}`);
        expected.push(`${who} ${route.method} ${route.path} → ${want}`);
        for (const secret of leaks) expect(response.body, `${who} ${route.method} ${url}`).not.toContain(secret);
      }
    }
    expect(answers).toEqual(expected);
    expect(checked).toBeGreaterThan(30);
    expect(await snapshot()).toEqual(before);
    await expectLedgerInvariants(t.deps.db);
  });

  it('still lets the owner in, so the refusals above are about who asks', async () => {
    for (const path of ['public', 'transactions', 'load-quote']) {
      const response = await t.request('GET', `/api/cards/${victim.cardId}/${path}?amount=1000`, { jar: victim.jar });
      expect(response.statusCode, path).toBe(200);
    }
    expect((await t.request('GET', `/api/transactions/${victimDepositId}`, { jar: victim.jar })).statusCode).toBe(200);
  });
});
