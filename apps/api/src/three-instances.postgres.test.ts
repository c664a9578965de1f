import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from './db/client.js';
import { sqlClientOf } from './db/sql-client.js';
import { createJobQueue } from './jobs/job-queue.js';
import { createSealedBox } from './lib/sealed-box.js';
import { expectLedgerInvariants } from './test/ledger-invariants.js';
import {
  activeCard,
  type Customer,
  depositOp,
  isAccepted,
  loadOp,
  type Operation,
  sandboxWebhookFor,
  send,
  sendUntilAnswered,
  settledEverywhere,
  signUpCustomer,
  topUp,
  unsettled,
  waitUntil,
} from './test/money-burst.js';
import {
  freePort,
  SERVER_SESSION_SECRET,
  type ServerProcess,
  serverProcessSuite,
  startServerProcess,
} from './test/server-process.js';

/*
 * Three app instances on one PostgreSQL work one burst of more than 1,000 jobs of three kinds (mail, card movements,
 * provider events); one of them is killed with SIGKILL in the middle and the other two finish its work. Only in the
 * PostgreSQL run.
 */

const suite = serverProcessSuite();

const MAILS = 600;
const TOP_UPS = 150;
const LOADS_EACH = 30;

type Instance = { server: ServerProcess; metricsUrl: string };

/** Jobs an instance ran to completion, from its own metrics (they live with the process). */
async function completedBy(instance: Instance): Promise<number> {
  const text = await (await fetch(instance.metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('coincard_jobs_finished_total{') && line.includes('outcome="completed"'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

describe('three instances on one database', () => {
  it('spread a burst of over 1,000 jobs, each taking some, and finish the work of one killed mid-burst (PostgreSQL)', async () => {
    const url = suite.database.url ?? '';
    const instances: Instance[] = [];
    for (let i = 0; i < 3; i += 1) {
      const metricsPort = await freePort();
      const server = await startServerProcess({
        databaseUrl: url,
        port: await freePort(),
        smtpUrl: suite.smtp.url,
        env: { METRICS_PORT: String(metricsPort), JOBS_EXPIRE_SECONDS: '10', SANDBOX_ISSUER_SETTLE_MS: '100' },
      });
      instances.push({ server, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` });
    }
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const urls = instances.map((instance) => instance.server.url);

    const customers: Customer[] = [];
    for (let i = 0; i < 5; i += 1) {
      const home = urls[i % 3] ?? a.server.url;
      const customer = await signUpCustomer(home, suite.smtp, suite.database.db, `three-${i}@example.com`);
      await topUp(home, customer, 20_000);
      await activeCard(home, customer);
      customers.push(customer);
    }
    // Top-ups waiting for their payment, paid at the provider without its webhook: the burst delivers those.
    const deposits: Operation[] = [];
    for (let i = 0; i < TOP_UPS; i += 1) {
      const customer = customers[i % customers.length] as Customer;
      const op = depositOp(customer, 1_000 + i);
      await send(urls[i % 3] ?? a.server.url, op);
      expect(op.answer?.status).toBe(201);
      deposits.push(op);
    }
    const orderIds = deposits.map((op) => (op.answer?.json as { orderId?: string } | undefined)?.orderId ?? '');
    await executeRows(
      suite.database.db,
      sql`update sandbox_invoices set status = 'paid', payment_amount_usd = amount
          where order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const completedBefore = await Promise.all(instances.map(completedBy));

    // The burst. Mail: jobs queued straight into the engine, as the app queues them (sealed, with the NOTIFY).
    const queue = createJobQueue(sqlClientOf(suite.database.db), {
      pollSeconds: 2,
      maintenanceSeconds: 60,
      deadLetterDays: 30,
    });
    const box = createSealedBox([SERVER_SESSION_SECRET], 'queued-job-payloads');
    const mailTo = (i: number) => `burst-${i}@example.com`;
    const burst: Promise<unknown>[] = [];
    burst.push(
      (async () => {
        for (let i = 0; i < MAILS; i += 1) {
          const mail = {
            to: mailTo(i),
            kind: 'verification',
            subject: `Burst ${i}`,
            text: 'Burst.',
            html: '<p>Burst.</p>',
          };
          await queue.enqueue(suite.database.db, 'mail', { sealed: box.seal(JSON.stringify(mail)) });
        }
      })(),
    );
    // Provider events: each paid top-up's webhook, to one of the two that stay up (the third only works the queues
    // here, so its death loses no request, only jobs).
    burst.push(
      Promise.all(
        orderIds.map(async (orderId, i) => {
          const body = await sandboxWebhookFor(suite.database.db, orderId);
          // A provider delivers again until it gets a 200 (an instance shedding load answers 503).
          await waitUntil(`the webhook of ${orderId} to be taken`, async () => {
            const answer = await fetch(`${urls[i % 2]}/api/webhooks/payments`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            }).catch(() => null);
            return answer?.status === 200;
          });
        }),
      ),
    );
    // Card movements: each load is a job, and its completion at the issuer a webhook, so a provider event too.
    const loads = customers.flatMap((customer) =>
      Array.from({ length: LOADS_EACH }, (_, i) => loadOp(customer, 100 + i)),
    );
    burst.push(Promise.all(loads.map((op, i) => sendUntilAnswered(urls[i % 2] ?? a.server.url, op))));

    // SIGKILL the third instance once a third of the mail has gone out.
    const arrivedCount = () => suite.smtp.mails.filter((mail) => mail.to.startsWith('burst-')).length;
    await waitUntil('a third of the burst mail to go out', async () => arrivedCount() >= MAILS / 3, 60_000);
    const cBeforeKill = (await completedBy(c)) - (completedBefore[2] ?? 0);
    await c.server.kill();
    await Promise.all(burst);
    const refused = loads.filter((op) => !isAccepted(op.answer)).map((op) => op.answer?.text ?? 'no answer');
    expect(refused).toEqual([]);

    // The two left finish everything, the killed one's jobs included (failed after their run time, retried).
    await waitUntil('every burst mail to arrive', async () => {
      const recipients = new Set(suite.smtp.mails.filter((m) => m.to.startsWith('burst-')).map((m) => m.to));
      return recipients.size === MAILS;
    });
    // A movement the killed instance had sent may hear nothing more: the sandbox issuer's timer for it died with
    // that instance, and the next to look is the status check two minutes after the retry submitted it again.
    await waitUntil(
      'every movement and top-up to settle',
      () => settledEverywhere(suite.database.db),
      150_000,
      () => unsettled(suite.database.db),
    );
    // Nothing left behind: a job the killed instance held (its mail perhaps already sent) stays active until its run
    // time passes, and is then run again by the two left, so this is waited for, not read once.
    const left = async () => {
      const [row] = await executeRows<{ failed: number; active: number; unprocessed: number }>(
        suite.database.db,
        sql`select (select count(*)::int from pgboss.job where state = 'failed') as failed,
                   (select count(*)::int from pgboss.job where state = 'active'
                      and name in ('mail', 'card-operation', 'provider-event')) as active,
                   (select count(*)::int from provider_events where processed_at is null) as unprocessed`,
      );
      return row;
    };
    await waitUntil('no job to be left running or failed', async () => (await left())?.active === 0, 60_000, left);
    expect(await left()).toEqual({ failed: 0, active: 0, unprocessed: 0 });
    await expectLedgerInvariants(suite.database.db);

    // Each instance took some of the burst.
    const aRan = (await completedBy(a)) - (completedBefore[0] ?? 0);
    const bRan = (await completedBy(b)) - (completedBefore[1] ?? 0);
    expect(aRan).toBeGreaterThan(0);
    expect(bRan).toBeGreaterThan(0);
    expect(cBeforeKill).toBeGreaterThan(0);
    const [jobs] = await executeRows<{ n: number }>(
      suite.database.db,
      sql`select (select count(*) from pgboss.job where name in ('mail', 'card-operation', 'provider-event')
                    and created_on > now() - interval '10 minutes')
               + (select count(*) from pgboss.archive where name in ('mail', 'card-operation', 'provider-event')
                    and created_on > now() - interval '10 minutes')::int as n`,
    );
    expect(Number(jobs?.n)).toBeGreaterThanOrEqual(1_000);

    // Each job to its effect exactly once: one mail per job (a copy the kill may have sent twice keeps its
    // Message-ID, so a mailbox drops it), one credit per top-up, one completed movement per load, each event applied.
    const mails = suite.smtp.mails.filter((mail) => mail.to.startsWith('burst-'));
    for (let i = 0; i < MAILS; i += 1) {
      const copies = mails.filter((mail) => mail.to === mailTo(i));
      expect(new Set(copies.map((mail) => mail.messageId)).size, mailTo(i)).toBe(1);
    }
    // A mail goes out twice only when its job ran twice: one the killed instance held when it died (two workers, ten
    // jobs each), or, on a starved machine, one that outlasted its run time or lost the mail server's answer.
    const [reruns] = await executeRows<{ n: number }>(
      suite.database.db,
      sql`select (select count(*) from pgboss.job where name = 'mail' and retry_count > 0
                    and created_on > now() - interval '10 minutes')
               + (select count(*) from pgboss.archive where name = 'mail' and retry_count > 0
                    and created_on > now() - interval '10 minutes')::int as n`,
    );
    expect(mails.length - MAILS).toBeLessThanOrEqual(Number(reruns?.n));
    const [credited] = await executeRows<{ n: number; transfers: number }>(
      suite.database.db,
      sql`select count(*)::int as n,
            (select count(*)::int from ledger_transfers t where t.id in (
              select 'deposit:' || d.id from deposits d where d.order_id in (${sql.join(
                orderIds.map((id) => sql`${id}`),
                sql`, `,
              )}))) as transfers
          from deposits where status = 'PAID' and order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(credited).toEqual({ n: TOP_UPS, transfers: TOP_UPS });
    const movements = await executeRows<{ status: string; completions: number }>(
      suite.database.db,
      sql`select o.status, (select count(*) from audit_log l where l.action = 'card.fund_completed'
            and l.details->>'operationId' = o.id::text)::int as completions
          from card_operations o where o.idempotency_key in (${sql.join(
            loads.map((op) => sql`${op.key ?? ''}`),
            sql`, `,
          )})`,
    );
    expect(movements).toHaveLength(loads.length);
    expect(movements.every((row) => row.status === 'completed' && row.completions === 1)).toBe(true);
    await a.server.kill();
    await b.server.kill();
  }, 300_000);
});
