// @both-databases: the statement and the top-up list are prepared statements on PostgreSQL, Drizzle on PGlite.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { deposits } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';
import { ensureStartupUsers } from '../../seed/ensure-users.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createDeposit, payInSandbox, settleSilently } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInThroughTwoFactor } from '../../test/two-factor-sign-in.js';

let t: TestApp;
const ADMIN = { email: 'ops@example.com', password: 'Admin-Password-99' };
beforeAll(async () => {
  t = await createTestApp({ configEnv: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  await ensureStartupUsers(t.deps, false);
});
afterEach(async () => {
  await expectLedgerInvariants(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

const countPendingDue = () =>
  countRows(t, 'deposits', sql`status = 'PENDING' and next_check_at <= ${t.deps.now().toISOString()}`);

const balanceOf = async (jar: CookieJar) => (await t.request('GET', '/api/user', { jar })).json().balance as number;
const USDT_TRON_50 = { currency: 'USDT', network: 'TRON', amountInUsd: 5000 };

describe('creating a top-up', () => {
  it('creates a PENDING deposit with a sandbox payment link, listed newest first', async () => {
    const { jar, user } = await t.signUpVerified('depositor@example.com');
    const response = await createDeposit(t, jar, USDT_TRON_50);
    expect(response.statusCode).toBe(201);
    const deposit = response.json();
    expect(deposit).toMatchObject({
      status: 'PENDING',
      amount: 5000,
      amountPaid: 0,
      currency: 'USDT',
      network: 'TRON',
      type: 'credit',
      email: user.email,
    });
    expect(deposit.paymentUrl).toMatch(new RegExp(`^${t.appUrl}/sandbox/checkout/[0-9a-f-]{36}$`));
    expect(deposit.transactionId).toBeTruthy();
    expect(new Date(deposit.expiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);

    await createDeposit(t, jar, { currency: 'btc', network: 'btc', amountInUsd: 1000 });
    const list = (await t.request('GET', '/api/transactions?pageSize=1', { jar })).json();
    expect(list.meta).toEqual({ page: 1, pageSize: 1, total: 2, pages: 2 });
    expect(list.transactions[0]).toMatchObject({ currency: 'BTC', network: 'BTC', amount: 1000 });
    const beyond = (await t.request('GET', '/api/transactions?page=7', { jar })).json();
    expect(beyond).toEqual({ transactions: [], meta: { page: 7, pageSize: 10, total: 2, pages: 1 } });
    expect((await t.request('GET', '/api/transactions?page=0', { jar })).statusCode).toBe(400);
    expect(await balanceOf(jar)).toBe(0);
  });

  it.each([
    [{ currency: 'FOO', network: 'TRON', amountInUsd: 5000 }, 'This cryptocurrency is not supported.'],
    [{ currency: 'USDT', network: 'BTC', amountInUsd: 5000 }, 'This cryptocurrency is not available on that network.'],
    [{ currency: 'BTC', network: 'TRON', amountInUsd: 5000 }, 'This cryptocurrency is not available on that network.'],
    [{ currency: 'USDT', network: 'MOON', amountInUsd: 5000 }, 'This network is not supported.'],
    [{ currency: 'USDT', network: 'TRON', amountInUsd: 999 }, 'The amount must be at least $10.00.'],
    [{ currency: 'USDT', network: 'TRON', amountInUsd: 1_000_001 }, 'The amount must be at most $10,000.00.'],
    [{ currency: 'USDT', network: 'TRON', amountInUsd: 1500.5 }, 'The amount must be a whole number of cents.'],
    [{ currency: 'USDT', network: 'TRON', amountInUsd: -5000 }, 'The amount must be at least $10.00.'],
    [{ currency: 'USDT', network: 'TRON', amountInUsd: '5000' }, 'The amount must be a number of cents.'],
    [{ currency: 'USDT', network: 'TRON', amountInUsd: 1e308 }, 'The amount must be a whole number of cents.'],
    [{ currency: 'USDT', network: 'TRON' }, 'The amount must be a number of cents.'],
    [{ network: 'TRON', amountInUsd: 5000 }, 'Choose a cryptocurrency.'],
  ])('refuses %o with a clear 400, no deposit and no provider call', async (body, message) => {
    const { jar } = await t.signUpVerified(`bad-${Math.random().toString(36).slice(2)}@example.com`);
    const deposits = await countRows(t, 'deposits');
    const invoices = await countRows(t, 'sandbox_invoices');
    const response = await createDeposit(t, jar, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'ValidationError', message });
    expect(await countRows(t, 'deposits')).toBe(deposits);
    expect(await countRows(t, 'sandbox_invoices')).toBe(invoices);
  });

  it('answers the first result again for a repeated Idempotency-Key, and 409 for a different body', async () => {
    const { jar } = await t.signUpVerified('idem@example.com');
    const headers = { 'idempotency-key': 'add-money-1' };
    const first = (await createDeposit(t, jar, USDT_TRON_50, headers)).json();
    const again = await createDeposit(t, jar, USDT_TRON_50, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(first._id);
    const other = await createDeposit(t, jar, { ...USDT_TRON_50, amountInUsd: 6000 }, headers);
    expect(other.statusCode).toBe(409);
    expect((await t.request('GET', '/api/transactions', { jar })).json().meta.total).toBe(1);
  });

  it('answers 502 with a readable message when the provider fails, keeps the attempt as FAILED, and replays the error', async () => {
    const { jar } = await t.signUpVerified('provider-down@example.com');
    const realCreate = t.deps.payments.createInvoice;
    t.deps.payments.createInvoice = async () => {
      throw new Error('connection reset');
    };
    const headers = { 'idempotency-key': 'provider-down-1' };
    try {
      const response = await createDeposit(t, jar, USDT_TRON_50, headers);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        errorCode: 'ProviderError',
        message: 'The payment provider could not start this top-up. Please try again in a moment.',
      });
    } finally {
      t.deps.payments.createInvoice = realCreate;
    }
    expect((await createDeposit(t, jar, USDT_TRON_50, headers)).statusCode).toBe(502);
    const [row] = (await t.request('GET', '/api/transactions', { jar })).json().transactions;
    expect(row).toMatchObject({ status: 'FAILED', paymentUrl: null });
    expect((await createDeposit(t, jar, USDT_TRON_50)).statusCode).toBe(201);
    expect(await balanceOf(jar)).toBe(0);
  });

  it('answers concurrent requests with one Idempotency-Key with one deposit, never a link-less one', async () => {
    const { jar } = await t.signUpVerified('idem-race@example.com');
    const headers = { 'idempotency-key': 'double-click' };
    const responses = await Promise.all(Array.from({ length: 4 }, () => createDeposit(t, jar, USDT_TRON_50, headers)));
    const created = responses.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((d) => d._id)).size).toBe(1);
    expect(created.every((d) => typeof d.paymentUrl === 'string')).toBe(true);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.headers['retry-after']).toBe('2');
    }
    expect((await t.request('GET', '/api/transactions', { jar })).json().meta.total).toBe(1);
  });

  it('answers the payment link to a retry after a crash between creating the invoice and recording it', async () => {
    const { jar } = await t.signUpVerified('crashed-create@example.com');
    const headers = { 'idempotency-key': 'crash-mid-create' };
    const first = (await createDeposit(t, jar, USDT_TRON_50, headers)).json();
    // What the process left when it died after the provider made the invoice and before the app recorded it.
    await t.deps.db
      .update(deposits)
      .set({ providerPaymentId: null, paymentUrl: null, providerStatus: null, expiresAt: null })
      .where(sql`id = ${first._id}`);
    const retried = await createDeposit(t, jar, USDT_TRON_50, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ _id: first._id, paymentUrl: first.paymentUrl, status: 'PENDING' });
    expect(await countRows(t, 'sandbox_invoices', sql`order_id = ${first.orderId}`)).toBe(1);
    expect((await payInSandbox(t, retried.json().paymentUrl, 'paid')).statusCode).toBe(200);
    expect(await balanceOf(jar)).toBe(5000);
  });

  it('fails a deposit stranded by a crash before its invoice existed, through reconciliation', async () => {
    const { jar, user } = await t.signUpVerified('stranded@example.com');
    const id = uuidv7();
    const now = t.deps.now();
    await t.deps.db.insert(deposits).values({
      id,
      userId: user._id,
      orderId: `cc-${id}`,
      provider: t.deps.payments.name,
      currency: 'USDT',
      network: 'TRON',
      amount: 5000,
      requestHash: 'h',
      nextCheckAt: new Date(now.getTime() + 2 * 60_000),
    });
    t.clock.advance(3 * 60_000);
    await t.request('GET', '/api/auth/refresh', { jar });
    await t.runSchedules('sweep-deposits');
    const row = (await t.request('GET', '/api/transactions', { jar }))
      .json()
      .transactions.find((d: { _id: string }) => d._id === id);
    expect(row).toMatchObject({ status: 'FAILED', paymentUrl: null });
    expect(await balanceOf(jar)).toBe(0);
  });

  it('lets only users create top-ups and only admins list them all, with search', async () => {
    const admin = new CookieJar();
    await signInThroughTwoFactor(t, admin, ADMIN.email, ADMIN.password);
    expect((await createDeposit(t, admin, USDT_TRON_50)).statusCode).toBe(403);
    const { jar } = await t.signUpVerified('searchable-depositor@example.com');
    const mine = (await createDeposit(t, jar, USDT_TRON_50)).json();
    expect((await t.request('GET', '/api/transactions/all', { jar })).statusCode).toBe(403);
    const found = (await t.request('GET', '/api/transactions/all?search=searchable-dep', { jar: admin })).json();
    expect(found.transactions.map((d: { _id: string }) => d._id)).toEqual([mine._id]);
    const byProviderId = (
      await t.request('GET', `/api/transactions/all?search=${mine.transactionId}`, { jar: admin })
    ).json();
    expect(byProviderId.meta.total).toBe(1);
    expect((await t.request('GET', '/api/transactions')).statusCode).toBe(401);
  });

  it("never shows one user's deposits to another", async () => {
    const alice = await t.signUpVerified('alice-dep@example.com');
    const bob = await t.signUpVerified('bob-dep@example.com');
    await createDeposit(t, alice.jar, USDT_TRON_50);
    const bobs = (await t.request('GET', '/api/transactions', { jar: bob.jar })).json();
    expect(bobs.transactions).toEqual([]);
  });

  // The list checks the session in the same statement as the page (authenticated-read.ts): it must refuse exactly
  // whom every other signed-in route refuses.
  it('lists top-ups only for a live session of an active account, checking the session before the query string', async () => {
    const { jar, user } = await t.signUpVerified('list-guard@example.com');
    await createDeposit(t, jar, USDT_TRON_50);
    const list = (jar?: CookieJar, query = '') => t.request('GET', `/api/transactions${query}`, { jar });

    expect((await list(jar)).json().meta.total).toBe(1);
    const anonymous = await list(undefined, '?page=zero');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ errorCode: 'InvalidAccessToken' });

    await executeRows(t.deps.db, sql`update users set suspended = true where id = ${user._id}`);
    const suspended = await list(jar);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ errorCode: 'AccountSuspended' });
    expect(suspended.body).not.toContain('transactions');
    expect((await list(jar, '?page=zero')).json()).toMatchObject({ errorCode: 'AccountSuspended' });
    await executeRows(t.deps.db, sql`update users set suspended = false where id = ${user._id}`);
    expect((await list(jar)).statusCode).toBe(200);
    const invalid = await list(jar, '?page=zero');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errorCode: 'ValidationError' });

    // The logout clears the browser's cookies; the copy is someone who kept the access token (still signed, not expired).
    const kept = new CookieJar();
    kept.set('accessToken', jar.get('accessToken') ?? '');
    expect((await t.request('GET', '/api/auth/logout', { jar })).statusCode).toBe(200);
    for (const query of ['', '?page=zero', '?pageSize=100000']) {
      const ended = await list(kept, query);
      expect(ended.statusCode, query).toBe(401);
      expect(ended.json()).toMatchObject({ errorCode: 'InvalidAccessToken' });
    }

    const admin = new CookieJar();
    await signInThroughTwoFactor(t, admin, ADMIN.email, ADMIN.password);
    expect((await list(admin)).json()).toEqual({
      transactions: [],
      meta: { page: 1, pageSize: 10, total: 0, pages: 0 },
    });
  });

  it('answers one top-up to its owner, following its status as the payment lands, and 404 to anyone else', async () => {
    const owner = await t.signUpVerified('one-deposit@example.com');
    const other = await t.signUpVerified('one-deposit-other@example.com');
    const created = (await createDeposit(t, owner.jar, USDT_TRON_50)).json();
    const pending = await t.request('GET', `/api/transactions/${created._id}`, { jar: owner.jar });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual(created);

    expect((await payInSandbox(t, created.paymentUrl, 'paid')).statusCode).toBe(200);
    const paid = (await t.request('GET', `/api/transactions/${created._id}`, { jar: owner.jar })).json();
    expect(paid).toMatchObject({ _id: created._id, status: 'PAID', amountPaid: 5000 });
    // The list's items are written by the database, the single answer by the app: the same fields, byte for byte.
    const second = (await createDeposit(t, owner.jar, { ...USDT_TRON_50, amountInUsd: 1234 })).json();
    const list = await t.request('GET', '/api/transactions', { jar: owner.jar });
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.json()).toEqual({ transactions: [second, paid], meta: { page: 1, pageSize: 10, total: 2, pages: 1 } });
    // Whatever a provider puts in its ids and links is written as JSON text, not pasted into it.
    const odd = 'https://pay.example/"quoted"\\back\nline\t\u0001é€😀';
    await executeRows(
      t.deps.db,
      sql`update deposits set payment_url = ${odd}, provider_payment_id = ${odd} where id = ${second._id}`,
    );
    const single = (await t.request('GET', `/api/transactions/${second._id}`, { jar: owner.jar })).json();
    expect(single).toMatchObject({ paymentUrl: odd, transactionId: odd });
    const again = await t.request('GET', '/api/transactions', { jar: owner.jar });
    expect(again.json().transactions).toEqual([single, paid]);

    for (const [jar, id] of [
      [other.jar, created._id],
      [owner.jar, uuidv7()],
      [owner.jar, 'not-an-id'],
    ] as const) {
      const refused = await t.request('GET', `/api/transactions/${id}`, { jar });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ errorCode: 'NotFound', message: 'Top-up not found.' });
    }
    expect((await t.request('GET', `/api/transactions/${created._id}`)).statusCode).toBe(401);
  });

  it('answers live exchange rates for supported coins', async () => {
    const { jar } = await t.signUpVerified('rates@example.com');
    const btc = (await t.request('GET', '/api/transactions/exchange-rate/BTC', { jar })).json();
    expect(btc).toMatchObject({ from: 'BTC', to: 'USD' });
    expect(btc.course).toBeGreaterThan(10_000);
    const usdt = (await t.request('GET', '/api/transactions/exchange-rate/usdt', { jar })).json();
    expect(usdt.course).toBeCloseTo(1, 1);
    const bad = await t.request('GET', '/api/transactions/exchange-rate/NOPE', { jar });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This cryptocurrency is not supported.');
  });
});

describe('settling a top-up through the sandbox checkout (real HTTP webhooks)', () => {
  it.each([
    ['paid', undefined, 'PAID', 5000, 5000],
    ['paid_over', '55.00', 'PAID_OVER', 5500, 5500],
    ['wrong_amount', '20.50', 'PAID_LESS', 2050, 2050],
    ['cancel', undefined, 'EXPIRED', 0, 0],
    ['fail', undefined, 'FAILED', 0, 0],
  ])(
    'outcome %s (%s) ends %s with amountPaid %s and balance %s',
    async (outcome, amountUsd, status, amountPaid, balance) => {
      const { jar } = await t.signUpVerified(`settle-${outcome}@example.com`);
      const deposit = (await createDeposit(t, jar, USDT_TRON_50)).json();
      const paid = await payInSandbox(t, deposit.paymentUrl, outcome, amountUsd);
      expect(paid.statusCode).toBe(200);
      const [row] = (await t.request('GET', '/api/transactions', { jar })).json().transactions;
      expect(row).toMatchObject({ status, amountPaid });
      expect(await balanceOf(jar)).toBe(balance);
      // A second click on the checkout page changes nothing.
      expect((await payInSandbox(t, deposit.paymentUrl, 'paid')).statusCode).toBe(409);
      expect(await balanceOf(jar)).toBe(balance);
    },
  );

  it('reconciles a deposit whose webhook was lost, once its lifetime is over', async () => {
    const { jar } = await t.signUpVerified('lost-webhook@example.com');
    const deposit = (await createDeposit(t, jar, USDT_TRON_50)).json();
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    expect(await t.runSchedules('sweep-deposits')).toBe(0);
    t.clock.advance(61 * 60_000 + 1000);
    await t.request('GET', '/api/auth/refresh', { jar });
    await t.runSchedules('sweep-deposits');
    expect(await balanceOf(jar)).toBe(5000);
    await t.runSchedules('sweep-deposits');
    expect(await balanceOf(jar)).toBe(5000);
  });

  it('lets several reconciliation sweeps run at once without checking a deposit twice', async () => {
    const { jar, user } = await t.signUpVerified('many-lost@example.com');
    for (let i = 0; i < 6; i += 1) {
      const deposit = (await createDeposit(t, jar, { ...USDT_TRON_50, amountInUsd: 1000 + i })).json();
      await settleSilently(t, deposit.paymentUrl, 'paid', null);
    }
    t.clock.advance(61 * 60_000 + 1000);
    await t.request('GET', '/api/auth/refresh', { jar });
    const due = await countPendingDue();
    expect(due).toBeGreaterThanOrEqual(6);
    await Promise.all([
      t.runSchedules('sweep-deposits'),
      t.runSchedules('sweep-deposits'),
      t.runSchedules('sweep-deposits'),
    ]);
    // Every due deposit got one check, run by exactly one worker (the crediting's alert mails are jobs of their own).
    const [checks] = await executeRows<{ n: number; completed: number }>(
      t.deps.db,
      sql`select count(*)::int as n, count(*) filter (where state = 'completed')::int as completed
          from pgboss.job where name = 'deposit-check'
            and data->>'orderId' in (select order_id from deposits where user_id = ${user._id})`,
    );
    expect(checks).toEqual({ n: due, completed: due });
    expect(await balanceOf(jar)).toBe(6 * 1000 + 15);
  });

  it('expires a never-paid deposit through reconciliation', async () => {
    const { jar } = await t.signUpVerified('never-paid@example.com');
    await createDeposit(t, jar, USDT_TRON_50);
    t.clock.advance(61 * 60_000 + 1000);
    await t.request('GET', '/api/auth/refresh', { jar });
    await t.runSchedules('sweep-deposits');
    const [row] = (await t.request('GET', '/api/transactions', { jar })).json().transactions;
    expect(row.status).toBe('EXPIRED');
    expect(await balanceOf(jar)).toBe(0);
  });
});
