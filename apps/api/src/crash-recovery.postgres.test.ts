import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from './db/client.js';
import { expectLedgerInvariants } from './test/ledger-invariants.js';
import {
  activeCard,
  balancesOf,
  type Customer,
  depositOp,
  isAccepted,
  loadFee,
  loadOp,
  type Operation,
  payOp,
  sandboxWebhookFor,
  send,
  settledEverywhere,
  signUpCustomer,
  topUp,
  unloadOp,
  unsettled,
  waitUntil,
} from './test/money-burst.js';
import { freePort, type ServerProcess, serverProcessSuite, startServerProcess } from './test/server-process.js';

/*
 * The real server process on PostgreSQL, killed with SIGKILL in the middle of a burst of money operations, then
 * started again on the same database. Only in the PostgreSQL run (vitest.config.ts): a child process cannot share
 * the in-memory PGlite of the test.
 */

const suite = serverProcessSuite();

const TOP_UP = 20_000;
const CARD_FEE = 1_500;
const PRELOAD = 3_000;

/** A client that honours the API's "try again in a moment" (409 with retryAfterSeconds), as the web app does. */
async function replay(baseUrl: string, op: Operation) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const answer = await send(baseUrl, op);
    const retryAfter = (answer?.json as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
    if (answer && !(answer.status === 409 && retryAfter)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Was the payment taken? A 200 at the checkout, or, when the answer was lost, the checkout saying it is paid. */
const paymentTaken = (op: Operation) =>
  isAccepted(op.answer) || (op.answer?.status === 409 && op.answer.text.includes('already final (paid)'));

describe('crash recovery', () => {
  it('keeps every accepted operation exactly once when the server is killed mid-burst (PostgreSQL)', async () => {
    const url = suite.database.url;
    if (!url) throw new Error('this suite runs on PostgreSQL only (TEST_DATABASE_URL)');
    const port = await freePort();
    let server: ServerProcess = await startServerProcess({ databaseUrl: url, port, smtpUrl: suite.smtp.url });

    const customers: Customer[] = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const customer = await signUpCustomer(server.url, suite.smtp, suite.database.db, `crash-${i}@example.com`);
        await topUp(server.url, customer, TOP_UP);
        await activeCard(server.url, customer);
        const preload = loadOp(customer, PRELOAD);
        await send(server.url, preload);
        expect(preload.answer?.status).toBe(200);
        return customer;
      }),
    );
    await waitUntil('the preloads to settle', () => settledEverywhere(suite.database.db));

    // The burst: per customer two top-ups (created, then paid at the checkout), four loads and an unload, all at once.
    const ops: Operation[] = [];
    const flows: Promise<unknown>[] = [];
    let answered = 0;
    let killed: Promise<void> | null = null;
    const total = customers.length * (2 * 2 + 4 + 1);
    const sendCounting = async (op: Operation) => {
      ops.push(op);
      const answer = await send(server.url, op);
      if (answer) answered += 1;
      // The middle of the burst: a third has been answered, the rest is in flight or not sent yet.
      if (answered >= Math.floor(total / 3) && !killed) killed = server.kill();
      return answer;
    };
    for (const customer of customers) {
      for (let i = 0; i < 2; i += 1) {
        flows.push(
          (async () => {
            const deposit = depositOp(customer, 5_000 + i * 100);
            if (isAccepted(await sendCounting(deposit))) await sendCounting(payOp(deposit));
          })(),
        );
      }
      for (let i = 0; i < 4; i += 1) flows.push(sendCounting(loadOp(customer, 500 + i * 10)));
      flows.push(sendCounting(unloadOp(customer, 1_000)));
    }
    await Promise.all(flows);
    if (!killed) killed = server.kill();
    await killed;
    const unanswered = ops.filter((op) => op.answer === null);
    // The kill did land mid-burst: some requests never got an answer.
    expect(unanswered.length).toBeGreaterThan(0);

    server = await startServerProcess({ databaseUrl: url, port, smtpUrl: suite.smtp.url });
    // The clients retry what got no answer, with the same Idempotency-Key; a top-up created only now gets paid now.
    for (const op of unanswered) {
      await replay(server.url, op);
      if (op.kind === 'deposit' && isAccepted(op.answer)) {
        const pay = payOp(op);
        ops.push(pay);
        await send(server.url, pay);
      }
    }
    // A payment whose answer was lost may have settled the invoice while its webhook died with the process: the
    // provider delivers it again, as it does for any webhook that got no 200 (the same body when the app had
    // received it, so the stored copy is applied; a fresh one when it never arrived).
    for (const op of ops.filter((candidate) => candidate.kind === 'pay' && !isAccepted(candidate.answer))) {
      const uuid = op.path.split('/')[4] ?? '';
      const [invoice] = await executeRows(
        suite.database.db,
        sql`select order_id from sandbox_invoices where uuid = ${uuid}`,
      );
      if (!invoice) continue;
      const orderId = String(invoice.order_id);
      const stored = await executeRows(
        suite.database.db,
        sql`select raw_body from provider_events where source = 'payments' and subject = ${orderId}`,
      );
      const bodies =
        stored.length > 0
          ? stored.map((row) => String(row.raw_body))
          : [await sandboxWebhookFor(suite.database.db, orderId)];
      for (const body of bodies) {
        const redelivered = await op.customer.client.send(server.url, 'POST', '/api/webhooks/payments', body);
        expect(redelivered.status).toBe(200);
      }
    }
    for (const op of ops) expect(op.answer, `${op.kind} ${op.path} answered`).not.toBeNull();

    // Reconciliation and the job workers of the restarted process finish what the crash left half-way.
    await waitUntil(
      'reconciliation to finish what the crash left',
      () => settledEverywhere(suite.database.db),
      90_000,
      () => unsettled(suite.database.db),
    );
    await expectLedgerInvariants(suite.database.db);

    for (const customer of customers) {
      const mine = ops.filter((op) => op.customer === customer);
      const accepted = (kind: Operation['kind']) => mine.filter((op) => op.kind === kind && isAccepted(op.answer));
      const paid = mine.filter((op) => op.kind === 'pay' && paymentTaken(op));
      const loads = accepted('load');
      const unloads = accepted('unload');
      const expectedBalance =
        TOP_UP -
        CARD_FEE -
        (PRELOAD + loadFee(PRELOAD)) +
        paid.reduce((sum, op) => sum + op.amount, 0) -
        loads.reduce((sum, op) => sum + op.amount + loadFee(op.amount), 0) +
        unloads.reduce((sum, op) => sum + op.amount, 0);
      const expectedCard =
        PRELOAD + loads.reduce((sum, op) => sum + op.amount, 0) - unloads.reduce((sum, op) => sum + op.amount, 0);
      expect(await balancesOf(server.url, customer), customer.email).toEqual({
        balance: expectedBalance,
        card: expectedCard,
      });

      // Exactly the accepted movements exist, each completed once; exactly the paid top-ups were credited.
      const movements = await executeRows(
        suite.database.db,
        sql`select idempotency_key, status from card_operations where user_id = ${customer.userId} and kind <> 'fee'
            order by created_at`,
      );
      expect(movements).toHaveLength(1 + loads.length + unloads.length);
      expect(movements.every((row) => row.status === 'completed')).toBe(true);
      const credited = await executeRows(
        suite.database.db,
        sql`select count(*)::int as n, coalesce(sum(credited_amount), 0)::int as cents
            from deposits where user_id = ${customer.userId} and status = 'PAID'`,
      );
      expect(credited[0]).toEqual({ n: 1 + paid.length, cents: TOP_UP + paid.reduce((sum, op) => sum + op.amount, 0) });
    }
    await server.kill();
  }, 115_000);
});
