import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createDeposit, payInSandbox, postWebhook, settleSilently, signedWebhook } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usingPostgres } from '../../test/test-database.js';
import { eventOutcome } from '../../test/webhook-outcome.js';

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

const balanceOf = async (jar: CookieJar) => (await t.request('GET', '/api/user', { jar })).json().balance as number;
const statusOf = async (jar: CookieJar) =>
  (await t.request('GET', '/api/transactions', { jar })).json().transactions[0].status as string;

async function pendingDeposit(email: string) {
  const { jar } = await t.signUpVerified(email);
  const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
  return { jar, deposit };
}

const paidWebhook = (deposit: { orderId: string; transactionId: string }, status = 'paid', usd = '50.00') =>
  signedWebhook(t, {
    uuid: deposit.transactionId,
    order_id: deposit.orderId,
    amount: '50.00',
    payment_amount_usd: usd,
    status,
    is_final: true,
    url: 'https://pay.example/checkout/with/slashes',
  });

describe('payment webhooks credit exactly once', () => {
  it('ignores the same webhook delivered again', async () => {
    const { jar, deposit } = await pendingDeposit('twice@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const body = paidWebhook(deposit);
    const first = await postWebhook(t, body);
    expect(await eventOutcome(t, first)).toBe('credited');
    expect((await postWebhook(t, body)).json()).toEqual({
      received: true,
      status: 'already-received',
      eventId: first.json().eventId,
    });
    expect(await balanceOf(jar)).toBe(5000);
  });

  it(`credits once when many deliveries arrive at the same moment${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const { jar, deposit } = await pendingDeposit('stampede@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const body = paidWebhook(deposit);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => postWebhook(t, body).then((r) => r.json().status)),
    );
    expect(answers.filter((status) => status === 'accepted')).toHaveLength(1);
    expect(await countRows(t, 'provider_events', sql`subject = ${deposit.orderId}`)).toBe(1);
    expect(await balanceOf(jar)).toBe(5000);
  });

  it('does not credit a paid webhook that arrives after the deposit expired', async () => {
    const { jar, deposit } = await pendingDeposit('late-pay@example.com');
    expect((await payInSandbox(t, deposit.paymentUrl, 'cancel')).statusCode).toBe(200);
    expect(await statusOf(jar)).toBe('EXPIRED');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    expect(await eventOutcome(t, await postWebhook(t, paidWebhook(deposit)))).toBe('disagrees-with-final');
    expect(await balanceOf(jar)).toBe(0);
  });

  it('trusts the provider, not the webhook body, for the amount', async () => {
    const { jar, deposit } = await pendingDeposit('inflated@example.com');
    await settleSilently(t, deposit.paymentUrl, 'wrong_amount', '10.00');
    // A correctly signed body claiming more changes nothing: the info call says $10 arrived.
    await postWebhook(t, paidWebhook(deposit, 'paid_over', '9000.00'));
    expect(await statusOf(jar)).toBe('PAID_LESS');
    expect(await balanceOf(jar)).toBe(1000);
  });

  it('holds an implausible partial payment for review instead of crediting it', async () => {
    const { jar, deposit } = await pendingDeposit('implausible@example.com');
    await settleSilently(t, deposit.paymentUrl, 'wrong_amount', '60.00');
    expect(await eventOutcome(t, await postWebhook(t, paidWebhook(deposit, 'wrong_amount', '60.00')))).toBe(
      'needs-review',
    );
    expect(await statusOf(jar)).toBe('PENDING');
    expect(await balanceOf(jar)).toBe(0);
    const fresh = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
    const overLimit = await payInSandbox(t, fresh.paymentUrl, 'paid_over', '100.01');
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().message).toBe('An overpayment must be more than $50.00 and at most twice it.');
  });

  it('recognises a re-sent webhook even when its JSON is re-formatted', async () => {
    const { jar, deposit } = await pendingDeposit('reformatted@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const body = paidWebhook(deposit);
    await postWebhook(t, body);
    await postWebhook(t, JSON.stringify(JSON.parse(body), null, 2));
    expect(await countRows(t, 'provider_events', sql`subject = ${deposit.orderId}`)).toBe(1);
    expect(await balanceOf(jar)).toBe(5000);
  });

  it('refuses forged, unsigned and malformed webhooks with 401 and changes nothing', async () => {
    const { jar, deposit } = await pendingDeposit('forged@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const forged = paidWebhook(deposit).replace(/"sign":"[0-9a-f]+"/, `"sign":"${'0'.repeat(32)}"`);
    const wrongKey = signedWebhook(t, { order_id: deposit.orderId, status: 'paid' }, 'not-the-key');
    const unsigned = JSON.stringify({ type: 'payment', order_id: deposit.orderId, status: 'paid' });
    const tampered = paidWebhook(deposit).replace('"50.00"', '"5000.00"');
    for (const body of [forged, wrongKey, unsigned, tampered, 'not json', '[]']) {
      const response = await postWebhook(t, body);
      expect(response.statusCode).toBe(401);
      expect(response.json().errorCode).toBe('InvalidSignature');
    }
    expect(await balanceOf(jar)).toBe(0);
    expect(await statusOf(jar)).toBe('PENDING');
    expect(await countRows(t, 'provider_events', sql`subject = ${deposit.orderId}`)).toBe(0);
  });

  it('acknowledges a signed webhook for an unknown order and credits nobody', async () => {
    const response = await postWebhook(
      t,
      signedWebhook(t, { order_id: 'cc-unknown-order', status: 'paid', amount: '50.00' }),
    );
    expect(response.statusCode).toBe(200);
    expect(await eventOutcome(t, response)).toBe('unknown-order');
  });

  it('verifies signatures over PHP-style escaped slashes', async () => {
    const { jar, deposit } = await pendingDeposit('slashes@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const body = paidWebhook(deposit);
    expect(body).toContain('https://pay.example/checkout/with/slashes');
    expect((await postWebhook(t, body)).statusCode).toBe(200);
    expect(await balanceOf(jar)).toBe(5000);
  });

  it('acknowledges a stored webhook even when applying it fails, and applies it on our own retry', async () => {
    const { jar, deposit } = await pendingDeposit('crash@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const realGetInvoice = t.deps.payments.getInvoice;
    t.deps.payments.getInvoice = async () => {
      throw new Error('process died here');
    };
    const body = paidWebhook(deposit);
    let first: Awaited<ReturnType<typeof postWebhook>>;
    try {
      first = await postWebhook(t, body);
      // The event is safe in the database: the provider need not send it again.
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ received: true, status: 'accepted' });
    } finally {
      t.deps.payments.getInvoice = realGetInvoice;
    }
    expect(await balanceOf(jar)).toBe(0);
    const unprocessed = await executeRows(
      t.deps.db,
      sql`select processed_at, attempts from provider_events where subject = ${deposit.orderId}`,
    );
    expect(unprocessed).toEqual([{ processed_at: null, attempts: 1 }]);
    // The engine retries the job after its back-off, without waiting for the provider.
    await t.runJobs({ waitsOver: true });
    expect(await eventOutcome(t, first)).toBe('credited');
    // A redelivery now changes nothing.
    expect((await postWebhook(t, body)).json()).toMatchObject({ status: 'already-received' });
    expect(await balanceOf(jar)).toBe(5000);
  });

  it('applies a stored event left without a job (an older release, a lost job) through the sweep', async () => {
    const { jar, deposit } = await pendingDeposit('swept@example.com');
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const realGetInvoice = t.deps.payments.getInvoice;
    t.deps.payments.getInvoice = async () => {
      throw new Error('provider outage');
    };
    const answer = await postWebhook(t, paidWebhook(deposit)).finally(() => {
      t.deps.payments.getInvoice = realGetInvoice;
    });
    // Its job is lost (as a release before the job engine would have left the event).
    await executeRows(
      t.deps.db,
      sql`delete from pgboss.job where name = 'provider-event' and singleton_key = ${answer.json().eventId}`,
    );
    expect(await balanceOf(jar)).toBe(0);
    await t.runSchedules('sweep-provider-events');
    expect(await balanceOf(jar)).toBe(0);
    t.clock.advance(11 * 60_000);
    await t.runSchedules('sweep-provider-events');
    expect(await eventOutcome(t, answer)).toBe('credited');
    expect(await balanceOf(jar)).toBe(5000);
  });
});
