import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { signInAgain } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createDeposit, payInSandbox, postWebhook, settleSilently, signedWebhook } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { reviewsAbout } from '../../test/review-helpers.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { eventOutcome } from '../../test/webhook-outcome.js';

// A top-up paid in a coin that is not a dollar (BTC here, at the sandbox's $96,480.10) is credited with the USD
// value the provider's signed webhook reports, when that value agrees with the coin amount at the provider's own
// rate (within 2%); anything else waits in the review queue. Decision 021.

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

const BTC_50 = { currency: 'BTC', network: 'BTC', amountInUsd: 5000 };
/** $55.00 at the sandbox's BTC rate, as the sandbox writes it (8 decimals). */
const BTC_FOR_55 = '0.00057007';

type Deposit = { _id: string; orderId: string; transactionId: string; paymentUrl: string };

const balanceOf = async (jar: CookieJar) => (await t.request('GET', '/api/user', { jar })).json().balance as number;
const depositOf = async (jar: CookieJar) =>
  (await t.request('GET', '/api/transactions', { jar })).json().transactions[0];

async function btcDeposit(email: string) {
  const { jar, user } = await t.signUpVerified(email);
  const deposit: Deposit = (await createDeposit(t, jar, BTC_50)).json();
  return { jar, user, deposit };
}

/** A webhook signed as the provider signs it, reporting a BTC payment. */
const btcWebhook = (deposit: Deposit, status: string, usd: string, coins = BTC_FOR_55) =>
  signedWebhook(t, {
    uuid: deposit.transactionId,
    order_id: deposit.orderId,
    amount: '50.00',
    payment_amount: coins,
    payment_amount_usd: usd,
    merchant_amount: usd,
    status,
    is_final: true,
    currency: 'USD',
    payer_currency: 'BTC',
  });

async function withProviderDown<T>(action: () => Promise<T>): Promise<T> {
  const real = t.deps.payments.getInvoice;
  t.deps.payments.getInvoice = async () => {
    throw new Error('provider outage');
  };
  try {
    return await action();
  } finally {
    t.deps.payments.getInvoice = real;
  }
}

describe('a top-up paid in a coin that is not a dollar', () => {
  it("credits a BTC overpayment with the webhook's USD value when it agrees with the provider's rate", async () => {
    const { jar, deposit } = await btcDeposit('btc-over@example.com');
    expect((await payInSandbox(t, deposit.paymentUrl, 'paid_over', '55.00')).statusCode).toBe(200);
    expect(await depositOf(jar)).toMatchObject({ status: 'PAID_OVER', amountPaid: 5500 });
    expect(await balanceOf(jar)).toBe(5500);
    expect(await reviewsAbout(t, deposit._id)).toEqual([]);
    // The info answer has no USD value: the webhook's report is kept with the deposit.
    const [row] = await executeRows(t.deps.db, sql`select webhook_report from deposits where id = ${deposit._id}`);
    expect(row?.webhook_report).toEqual({
      providerStatus: 'paid_over',
      usdCents: 5500,
      paymentAmount: BTC_FOR_55,
      payerCurrency: 'BTC',
    });
  });

  it('credits a BTC underpayment the same way, and a full payment with the amount asked', async () => {
    const less = await btcDeposit('btc-less@example.com');
    expect((await payInSandbox(t, less.deposit.paymentUrl, 'wrong_amount', '20.50')).statusCode).toBe(200);
    expect(await depositOf(less.jar)).toMatchObject({ status: 'PAID_LESS', amountPaid: 2050 });
    expect(await balanceOf(less.jar)).toBe(2050);

    const full = await btcDeposit('btc-full@example.com');
    expect((await payInSandbox(t, full.deposit.paymentUrl, 'paid')).statusCode).toBe(200);
    expect(await depositOf(full.jar)).toMatchObject({ status: 'PAID', amountPaid: 5000 });
    expect(await balanceOf(full.jar)).toBe(5000);
  });

  it('holds a USD value that disagrees with the rate: one review, however often it is reported again', async () => {
    const { jar, user, deposit } = await btcDeposit('btc-disagrees@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid_over', '55.00');
    const body = btcWebhook(deposit, 'paid_over', '80.00');

    // The first delivery meets a provider outage; the engine retries the stored event's job later.
    const first = await withProviderDown(() => postWebhook(t, body));
    expect(first.statusCode).toBe(200);
    expect(await eventOutcome(t, first)).toBeNull();
    await t.runJobs({ waitsOver: true });
    expect(await eventOutcome(t, first)).toBe('needs-review');
    const [held] = await reviewsAbout(t, deposit._id);
    expect(held).toMatchObject({
      kind: 'deposit_amount_mismatch',
      subject_type: 'deposit',
      user_id: user._id,
      resolved_at: null,
      reason: `The provider's USD value of $80.00 disagrees with ${BTC_FOR_55} BTC at its own rate by more than 2%.`,
      details: {
        orderId: deposit.orderId,
        providerStatus: 'paid_over',
        invoiceCents: 5000,
        coin: 'BTC',
        reportedUsdCents: 8000,
        paymentAmount: BTC_FOR_55,
        rate: 96480.1,
        expectedUsdCents: 5500,
      },
    });

    // The provider redelivers (the same bytes, then re-formatted: the same event), and reconciliation looks at it
    // once more.
    expect((await postWebhook(t, body)).json()).toMatchObject({ status: 'already-received' });
    expect((await postWebhook(t, JSON.stringify(JSON.parse(body), null, 1))).json()).toMatchObject({
      status: 'already-received',
    });
    await executeRows(
      t.deps.db,
      sql`update deposits set next_check_at = '2000-01-01' where id = ${deposit._id} and status = 'PENDING'`,
    );
    await t.runSchedules('sweep-deposits');

    const reviews = await reviewsAbout(t, deposit._id);
    expect(reviews).toHaveLength(1);
    expect(new Date(reviews[0]?.last_seen_at ?? 0).getTime()).toBeGreaterThan(
      new Date(held?.created_at ?? 0).getTime(),
    );
    expect(await depositOf(jar)).toMatchObject({ status: 'PENDING', amountPaid: 0 });
    expect(await balanceOf(jar)).toBe(0);
    expect(await countRows(t, 'ledger_transfers', sql`id = ${`deposit:${deposit._id}`}`)).toBe(0);
  });

  it('holds an overpayment whose USD value nobody reports (a lost webhook, an info answer in coins)', async () => {
    const { jar, deposit } = await btcDeposit('btc-unreported@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid_over', '55.00');
    await executeRows(t.deps.db, sql`update deposits set next_check_at = '2000-01-01' where id = ${deposit._id}`);
    await t.runSchedules('sweep-deposits');
    expect(await reviewsAbout(t, deposit._id)).toMatchObject([
      { kind: 'deposit_amount_mismatch', reason: 'The provider did not report the USD value of the BTC received.' },
    ]);
    expect(await depositOf(jar)).toMatchObject({ status: 'PENDING' });
    expect(await balanceOf(jar)).toBe(0);
  });

  it("settles a hold once the provider's later word agrees, and closes its review", async () => {
    const { jar, deposit } = await btcDeposit('btc-corrected@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid_over', '55.00');
    expect(await eventOutcome(t, await postWebhook(t, btcWebhook(deposit, 'paid_over', '80.00')))).toBe('needs-review');
    expect(await eventOutcome(t, await postWebhook(t, btcWebhook(deposit, 'paid_over', '55.00')))).toBe('credited');
    expect(await balanceOf(jar)).toBe(5500);
    const [review] = await reviewsAbout(t, deposit._id);
    expect(review).toMatchObject({
      resolved_by: null,
      resolution_note: "Settled by the provider's later answer: PAID_OVER, $55.00 credited.",
    });
    expect(review?.resolved_at).not.toBeNull();
  });

  it('never credits a hold a person has decided, even when the provider later agrees', async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'usd-admin@example.com', password: STRONG_PASSWORD });
    const admin = await signInAgain(t, 'usd-admin@example.com');
    const { jar, deposit } = await btcDeposit('btc-decided@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid_over', '55.00');
    expect(await eventOutcome(t, await postWebhook(t, btcWebhook(deposit, 'paid_over', '80.00')))).toBe('needs-review');
    const [held] = await reviewsAbout(t, deposit._id);
    const resolved = await t.request('PATCH', `/api/admin/reviews/${held?.id}`, {
      jar: admin,
      body: { note: 'Refunded the payer at the provider.' },
    });
    expect(resolved.statusCode).toBe(200);

    expect(await eventOutcome(t, await postWebhook(t, btcWebhook(deposit, 'paid_over', '55.00')))).toBe('needs-review');
    await executeRows(t.deps.db, sql`update deposits set next_check_at = '2000-01-01' where id = ${deposit._id}`);
    await t.runSchedules('sweep-deposits');
    expect(await balanceOf(jar)).toBe(0);
    expect(await depositOf(jar)).toMatchObject({ status: 'PENDING', amountPaid: 0 });
    expect(await countRows(t, 'ledger_transfers', sql`id = ${`deposit:${deposit._id}`}`)).toBe(0);
    const reviews = await reviewsAbout(t, deposit._id);
    expect(reviews.map((review) => review.resolved_at === null)).toEqual([false, true]);
    expect(reviews[1]?.reason).toContain('a person already decided');
  });

  it('waits and retries, holding nothing, while the provider cannot give a rate', async () => {
    const { jar, deposit } = await btcDeposit('btc-no-rate@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid_over', '55.00');
    const body = btcWebhook(deposit, 'paid_over', '55.00');
    const rates = t.deps.rates;
    t.deps.rates = async () => {
      throw new Error('rates unavailable');
    };
    let first: Awaited<ReturnType<typeof postWebhook>>;
    try {
      first = await postWebhook(t, body);
      expect(first.statusCode).toBe(200);
    } finally {
      t.deps.rates = rates;
    }
    expect(await reviewsAbout(t, deposit._id)).toEqual([]);
    expect(await depositOf(jar)).toMatchObject({ status: 'PENDING' });
    await t.runJobs({ waitsOver: true });
    expect(await eventOutcome(t, first)).toBe('credited');
    expect(await balanceOf(jar)).toBe(5500);
  });

  it('keeps crediting a dollar stablecoin as before, without a rate', async () => {
    const { jar } = await t.signUpVerified('usdt-over@example.com');
    const deposit: Deposit = (
      await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })
    ).json();
    const rates = t.deps.rates;
    t.deps.rates = async () => {
      throw new Error('no rate is needed for a stablecoin');
    };
    try {
      expect((await payInSandbox(t, deposit.paymentUrl, 'paid_over', '55.00')).statusCode).toBe(200);
    } finally {
      t.deps.rates = rates;
    }
    expect(await depositOf(jar)).toMatchObject({ status: 'PAID_OVER', amountPaid: 5500 });
    expect(await balanceOf(jar)).toBe(5500);
  });
});

describe('the provider disagreeing with a top-up that already ended', () => {
  it('puts a paid after cancel in the review queue once, and moves no money', async () => {
    const { jar, user } = await t.signUpVerified('paid-after-cancel@example.com');
    const deposit: Deposit = (
      await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })
    ).json();
    expect((await payInSandbox(t, deposit.paymentUrl, 'cancel')).statusCode).toBe(200);
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const transfersBefore = await countRows(t, 'ledger_transfers');
    const body = signedWebhook(t, {
      uuid: deposit.transactionId,
      order_id: deposit.orderId,
      amount: '50.00',
      payment_amount: '50.00',
      payment_amount_usd: '50.00',
      status: 'paid',
    });
    for (let i = 0; i < 3; i += 1) {
      expect(await eventOutcome(t, await postWebhook(t, body))).toBe('disagrees-with-final');
    }
    expect(await reviewsAbout(t, deposit._id)).toMatchObject([
      {
        kind: 'deposit_final_disagreement',
        user_id: user._id,
        reason: 'The provider now reports paid for a top-up that ended EXPIRED.',
        details: { ours: { status: 'EXPIRED', credited: 0 }, provider: { status: 'paid', usdCents: 5000 } },
      },
    ]);
    expect(await depositOf(jar)).toMatchObject({ status: 'EXPIRED', amountPaid: 0 });
    expect(await balanceOf(jar)).toBe(0);
    expect(await countRows(t, 'ledger_transfers')).toBe(transfersBefore);
  });

  it('flags another amount reported for an overpayment already credited', async () => {
    const { jar, deposit } = await btcDeposit('btc-amount-changed@example.com');
    expect((await payInSandbox(t, deposit.paymentUrl, 'paid_over', '55.00')).statusCode).toBe(200);
    expect(await eventOutcome(t, await postWebhook(t, btcWebhook(deposit, 'paid_over', '58.00', '0.00060116')))).toBe(
      'disagrees-with-final',
    );
    expect(await reviewsAbout(t, deposit._id)).toMatchObject([
      {
        kind: 'deposit_final_disagreement',
        reason: 'The provider now reports $58.00 received for a top-up that ended PAID_OVER with $55.00.',
      },
    ]);
    expect(await balanceOf(jar)).toBe(5500);
  });
});
