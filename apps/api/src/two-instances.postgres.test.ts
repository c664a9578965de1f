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
  sandboxWebhookFor,
  send,
  settledEverywhere,
  signUpCustomer,
  topUp,
  unsettled,
  waitUntil,
} from './test/money-burst.js';
import { freePort, serverProcessSuite, startServerProcess } from './test/server-process.js';

/*
 * Two server processes on one PostgreSQL database, each with its job runner, sandbox issuer deliveries and webhook
 * routes. Only in the PostgreSQL run (vitest.config.ts): two processes cannot share an in-memory PGlite.
 */

const suite = serverProcessSuite();

const TOP_UP = 20_000;
const CARD_FEE = 1_500;

describe('two app instances on one database', () => {
  it('credits every top-up once and settles every card movement once, with webhooks and jobs on both (PostgreSQL)', async () => {
    const url = suite.database.url;
    if (!url) throw new Error('this suite runs on PostgreSQL only (TEST_DATABASE_URL)');
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServerProcess({ databaseUrl: url, port: portA, smtpUrl: suite.smtp.url });
    const b = await startServerProcess({ databaseUrl: url, port: portB, smtpUrl: suite.smtp.url });
    const instances = [a.url, b.url];

    const customers: Customer[] = [];
    for (let i = 0; i < 3; i += 1) {
      const home = instances[i % 2] ?? a.url;
      const customer = await signUpCustomer(home, suite.smtp, suite.database.db, `twin-${i}@example.com`);
      await topUp(home, customer, TOP_UP);
      await activeCard(home, customer);
      customers.push(customer);
    }

    // Top-ups created on both instances, then paid at the provider without its own webhook, so the webhooks the
    // test sends are the only ones: each goes to both instances at once, twice.
    const deposits: Operation[] = customers.flatMap((customer) => [0, 1, 2].map((i) => depositOp(customer, 3_000 + i)));
    await Promise.all(deposits.map((op, i) => send(instances[i % 2] ?? a.url, op)));
    expect(deposits.every((op) => op.answer?.status === 201)).toBe(true);
    const orderIds = deposits.map((op) => (op.answer?.json as { orderId?: string } | undefined)?.orderId ?? '');
    await executeRows(
      suite.database.db,
      sql`update sandbox_invoices set status = 'paid', payment_amount_usd = amount
          where order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    // Card movements at the same moment: each load sent to both instances at once with one Idempotency-Key.
    const loads = customers.flatMap((customer) => [0, 1, 2].map((i) => loadOp(customer, 400 + i * 10)));
    const loadAnswers = loads.flatMap((op) =>
      instances.map((instance) =>
        op.customer.client
          .send(instance, op.method, op.path, op.body, { 'idempotency-key': op.key ?? '' })
          .then((answer) => ({ op, answer })),
      ),
    );
    const webhookAnswers = orderIds.flatMap((orderId) =>
      [...instances, ...instances].map(async (instance) => {
        const body = await sandboxWebhookFor(suite.database.db, orderId);
        const answer = await fetch(`${instance}/api/webhooks/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        return { orderId, status: answer.status, receipt: ((await answer.json()) as { status?: string }).status };
      }),
    );
    const [loaded, hooks] = await Promise.all([Promise.all(loadAnswers), Promise.all(webhookAnswers)]);

    // Every delivery was acknowledged; exactly one of the four per top-up was stored and queued, the other three
    // were recognised as the same event.
    expect(hooks.every((hook) => hook.status === 200)).toBe(true);
    for (const orderId of orderIds) {
      const receipts = hooks.filter((hook) => hook.orderId === orderId).map((hook) => hook.receipt);
      expect(
        receipts.filter((receipt) => receipt === 'accepted'),
        orderId,
      ).toHaveLength(1);
      expect(receipts.filter((receipt) => receipt === 'already-received')).toHaveLength(3);
    }
    // Both copies of a load answered the same movement.
    for (const op of loads) {
      const answers = loaded.filter((entry) => entry.op === op).map((entry) => entry.answer);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const ids = answers.map((answer) => (answer.json as { operation: { _id: string } }).operation._id);
      expect(new Set(ids).size).toBe(1);
      op.answer = answers[0] ?? null;
    }

    // Both instances' workers (provider events, card movements, the sandbox issuer's deliveries) finish the work.
    await waitUntil(
      'both instances to settle every movement',
      () => settledEverywhere(suite.database.db),
      60_000,
      () => unsettled(suite.database.db),
    );
    await expectLedgerInvariants(suite.database.db);

    for (const customer of customers) {
      const credited = deposits.filter((op) => op.customer === customer).reduce((sum, op) => sum + op.amount, 0);
      const mine = loads.filter((op) => op.customer === customer && isAccepted(op.answer));
      expect(mine).toHaveLength(3);
      const loadedCents = mine.reduce((sum, op) => sum + op.amount, 0);
      const fees = mine.reduce((sum, op) => sum + loadFee(op.amount), 0);
      expect(await balancesOf(a.url, customer)).toEqual({
        balance: TOP_UP - CARD_FEE + credited - loadedCents - fees,
        card: loadedCents,
      });
    }

    // Every work row handled once: one movement per key, each completed with one audit entry; one stored event per
    // delivered webhook (duplicates collapse), each processed on its first attempt.
    const movements = await executeRows(
      suite.database.db,
      sql`select o.id, o.status, (select count(*) from audit_log l
            where l.action = 'card.fund_completed' and l.details->>'operationId' = o.id::text)::int as completions
          from card_operations o where o.kind = 'fund'`,
    );
    expect(movements).toHaveLength(loads.length);
    expect(movements.every((row) => row.status === 'completed' && row.completions === 1)).toBe(true);
    const events = await executeRows(
      suite.database.db,
      sql`select subject, count(*)::int as n, bool_and(processed_at is not null) as processed, max(attempts)::int as attempts
          from provider_events where source = 'payments' and subject in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) group by subject`,
    );
    expect(events).toHaveLength(orderIds.length);
    expect(events.every((row) => row.n === 1 && row.processed === true && row.attempts === 1)).toBe(true);
    // Nothing failed for good, and nothing was left running by the engine.
    const leftovers = await executeRows(
      suite.database.db,
      sql`select name, state from pgboss.job where state in ('failed', 'active') and name not like '__pgboss%'`,
    );
    expect(leftovers).toEqual([]);
  }, 115_000);
});
