import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { signInAgain } from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createDeposit, payInSandbox, postWebhook, settleSilently, signedWebhook } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { reviewsAbout } from '../../test/review-helpers.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { eventOutcome } from '../../test/webhook-outcome.js';

let t: TestApp;
let admin: CookieJar;
let adminId: string;
let owner: { jar: CookieJar; user: { _id: string; email: string } };
type Deposit = { _id: string; orderId: string; transactionId: string; paymentUrl: string };
let held: Deposit;
let expired: Deposit;

const UNKNOWN = '01a20301-0000-7000-8000-000000000000';

/** A BTC overpayment whose USD value disagrees with the rate: held, with a review. */
const heldWebhook = (deposit: Deposit, usd: string) =>
  signedWebhook(t, {
    uuid: deposit.transactionId,
    order_id: deposit.orderId,
    amount: '50.00',
    payment_amount: '0.00057007',
    payment_amount_usd: usd,
    status: 'paid_over',
    currency: 'USD',
    payer_currency: 'BTC',
  });

beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'reviews-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'reviews-admin@example.com');
  adminId = (await t.request('GET', '/api/user', { jar: admin })).json()._id;
  owner = await t.signUpVerified('reviewed-owner@example.com');

  held = (await createDeposit(t, owner.jar, { currency: 'BTC', network: 'BTC', amountInUsd: 5000 })).json();
  await settleSilently(t, held.paymentUrl, 'paid_over', '55.00');
  expect(await eventOutcome(t, await postWebhook(t, heldWebhook(held, '80.00')))).toBe('needs-review');

  expired = (await createDeposit(t, owner.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
  await payInSandbox(t, expired.paymentUrl, 'cancel');
  await settleSilently(t, expired.paymentUrl, 'paid', '50.00');
  const late = signedWebhook(t, { order_id: expired.orderId, amount: '50.00', status: 'paid' });
  expect(await eventOutcome(t, await postWebhook(t, late))).toBe('disagrees-with-final');
}, 60_000);
afterAll(async () => {
  await expectLedgerInvariants(t.deps.db);
  await t.close();
});

const list = (query = '', jar = admin) => t.request('GET', `/api/admin/reviews${query}`, { jar });
const resolve = (id: string, body: unknown, jar = admin) =>
  t.request('PATCH', `/api/admin/reviews/${id}`, { jar, body });
const reviewIdOf = async (deposit: Deposit) => (await reviewsAbout(t, deposit._id)).at(-1)?.id ?? '';
const ledger = () => executeRows(t.deps.db, sql`select id, balance::text from ledger_accounts order by id`);
const openReviewsFigure = async () =>
  (await t.request('GET', '/api/admin/stats/dashboard', { jar: admin })).json().openReviews as number;

describe('the review queue for admins', () => {
  it('lists open reviews newest first, with whose they are, why, and the figures', async () => {
    const page = (await list()).json();
    expect(page.meta).toEqual({ page: 1, pageSize: 10, total: 2, pages: 1 });
    expect(page.reviews).toMatchObject([
      {
        kind: 'deposit_final_disagreement',
        subject: { type: 'deposit', id: expired._id },
        user: { _id: owner.user._id, email: 'reviewed-owner@example.com' },
        reason: 'The provider now reports paid for a top-up that ended EXPIRED.',
        resolution: null,
      },
      {
        kind: 'deposit_amount_mismatch',
        subject: { type: 'deposit', id: held._id },
        details: { reportedUsdCents: 8000, expectedUsdCents: 5500, coin: 'BTC', invoiceCents: 5000 },
        resolution: null,
      },
    ]);
    expect(page.reviews[0].createdAt).toMatch(/Z$/);
    expect(await openReviewsFigure()).toBe(2);
  });

  it('filters by kind and pages', async () => {
    const mismatches = (await list('?kind=deposit_amount_mismatch')).json();
    expect(mismatches.reviews.map((review: { subject: { id: string } }) => review.subject.id)).toEqual([held._id]);
    const second = (await list('?pageSize=1&page=2')).json();
    expect(second.meta).toEqual({ page: 2, pageSize: 1, total: 2, pages: 2 });
    expect(second.reviews).toHaveLength(1);
    expect((await list('?status=resolved')).json()).toMatchObject({ reviews: [], meta: { total: 0 } });
    for (const bad of ['?status=closed', '?kind=anything', '?page=0']) {
      expect((await list(bad)).statusCode, bad).toBe(400);
    }
  });

  it('refuses a note that is missing, blank or too long, and an unknown or malformed id', async () => {
    const id = await reviewIdOf(held);
    for (const body of [{}, { note: '' }, { note: '   ' }, { note: 'x'.repeat(1001) }, { note: 42 }]) {
      const response = await resolve(id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json().errorCode).toBe('ValidationError');
    }
    expect((await resolve(UNKNOWN, { note: 'looked at it' })).statusCode).toBe(404);
    expect((await resolve('not-an-id', { note: 'looked at it' })).statusCode).toBe(400);
    expect((await reviewsAbout(t, held._id))[0]?.resolved_at).toBeNull();
  });

  it('answers 401 to guests and 403 to users, and resolves nothing for them', async () => {
    const id = await reviewIdOf(held);
    expect((await list('', new CookieJar())).statusCode).toBe(401);
    expect((await list('', owner.jar)).statusCode).toBe(403);
    expect((await resolve(id, { note: 'mine now' }, new CookieJar())).statusCode).toBe(401);
    expect((await resolve(id, { note: 'mine now' }, owner.jar)).statusCode).toBe(403);
    expect((await reviewsAbout(t, held._id))[0]?.resolved_at).toBeNull();
  });

  it('resolves with a trimmed note, audited, moving no money', async () => {
    const id = await reviewIdOf(expired);
    const before = await ledger();
    const response = await resolve(id, { note: '  Refunded the payer at the provider.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'The review is resolved.',
      review: {
        _id: id,
        resolution: {
          resolvedBy: { _id: adminId, email: 'reviews-admin@example.com' },
          note: 'Refunded the payer at the provider.',
        },
      },
    });
    expect(await ledger()).toEqual(before);
    expect((await t.request('GET', '/api/transactions', { jar: owner.jar })).json().transactions).toMatchObject([
      { _id: expired._id, status: 'EXPIRED' },
      { _id: held._id, status: 'PENDING' },
    ]);
    const audit = (await t.request('GET', '/api/admin/audit?action=admin.review_resolved', { jar: admin })).json();
    expect(audit.entries).toMatchObject([
      {
        action: 'admin.review_resolved',
        actor: { _id: adminId },
        target: { _id: owner.user._id },
        details: {
          reviewId: id,
          kind: 'deposit_final_disagreement',
          subjectType: 'deposit',
          subjectId: expired._id,
          note: 'Refunded the payer at the provider.',
        },
      },
    ]);
    expect((await list()).json().meta.total).toBe(1);
    expect((await list('?status=resolved')).json().reviews).toMatchObject([{ _id: id }]);
    expect(await openReviewsFigure()).toBe(1);
  });

  it('keeps the first resolution when resolved again, and audits the repeat as unchanged', async () => {
    const id = await reviewIdOf(expired);
    const again = await resolve(id, { note: 'A second opinion.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'This review was already resolved.',
      review: { resolution: { note: 'Refunded the payer at the provider.' } },
    });
    const audit = (await t.request('GET', '/api/admin/audit?action=admin.review_resolved', { jar: admin })).json();
    expect(audit.entries[0].details).toEqual({
      reviewId: id,
      kind: 'deposit_final_disagreement',
      subjectType: 'deposit',
      subjectId: expired._id,
      unchanged: true,
    });
  });

  it('does not reopen a decision when the same disagreement is reported again, only a new one', async () => {
    const id = await reviewIdOf(held);
    expect((await resolve(id, { note: 'Asked the provider; waiting for its answer.' })).statusCode).toBe(200);
    expect(await eventOutcome(t, await postWebhook(t, heldWebhook(held, '80.00')))).toBe('needs-review');
    expect(await reviewsAbout(t, held._id)).toHaveLength(1);
    expect(await eventOutcome(t, await postWebhook(t, heldWebhook(held, '90.00')))).toBe('needs-review');
    const reviews = await reviewsAbout(t, held._id);
    expect(reviews.map((review) => review.resolved_at === null)).toEqual([false, true]);
    expect(reviews[1]?.reason).toContain('$90.00');
  });

  it('keeps every review, and every resolution as written, in the database', async () => {
    const [resolved] = await reviewsAbout(t, expired._id);
    await expect(
      executeRows(t.deps.db, sql`update reviews set resolution_note = 'rewritten' where id = ${resolved?.id}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/keeps its resolution/) } });
    await expect(executeRows(t.deps.db, sql`delete from reviews where id = ${resolved?.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/cannot be deleted/) },
    });
  });
});
