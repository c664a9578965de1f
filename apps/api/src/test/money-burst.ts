import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../db/client.js';
import { signCryptomusWebhook } from '../providers/payments/cryptomus-signature.js';
import { sandboxCredentials } from '../providers/payments/index.js';
import { TEST_IDENTITY } from './card-helpers.js';
import { HttpClient, SERVER_SESSION_SECRET } from './server-process.js';
import type { SmtpCapture } from './smtp-capture.js';
import { STRONG_PASSWORD } from './test-app.js';

/**
 * A burst of money operations against server processes over real HTTP (crash and two-instance suites): customers,
 * top-ups paid at the sandbox checkout, card loads and unloads, each request recorded with its Idempotency-Key and
 * whether it was answered, so the suites can replay the unanswered ones and compare the books with what was accepted.
 */

export type Answer = { status: number; json: unknown; text: string } | null;

/** One request of the burst: replaying it sends the same body with the same Idempotency-Key. */
export type Operation = {
  kind: 'deposit' | 'pay' | 'load' | 'unload';
  customer: Customer;
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  key: string | null;
  /** The last answer (null: the connection died with the server). */
  answer: Answer;
  /** For loads, what the balance pays (amount + fee); for the others, the amount. */
  amount: number;
};

export type Customer = { email: string; client: HttpClient; userId: string; cardId: string };

export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
  explain: () => Promise<unknown> = async () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for: ${what}\n${JSON.stringify(await explain(), null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends and records; a request the server never answered (it was killed) answers null. */
export async function send(baseUrl: string, op: Operation): Promise<Answer> {
  op.answer = await op.customer.client
    .send(baseUrl, op.method, op.path, op.body, op.key ? { 'idempotency-key': op.key } : {})
    .catch(() => null);
  return op.answer;
}

export const isAccepted = (answer: Answer) => answer !== null && answer.status >= 200 && answer.status < 300;

/**
 * Sends until there is a definite answer, as the web app and a provider do: no answer, a 503 (Retry-After: the
 * database away, the instance shedding load) and "try again in a moment" (409 with retryAfterSeconds) are sent again,
 * with the same Idempotency-Key. Counts the 503s it met in `seen`.
 */
export async function sendUntilAnswered(
  baseUrl: string,
  op: Operation,
  seen: { unavailable: number } = { unavailable: 0 },
): Promise<Answer> {
  // Up to about three minutes: a machine running several servers and suites at once can shed load for a while.
  for (let attempt = 0; attempt < 360; attempt += 1) {
    const answer = await send(baseUrl, op);
    const retryAfter = (answer?.json as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
    if (answer?.status === 503) seen.unavailable += 1;
    if (answer && answer.status !== 503 && !(answer.status === 409 && retryAfter)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return op.answer;
}

/**
 * Signs up and verifies through the API (the verification link arrives over SMTP), sends an identity to verify, then
 * waits for the sandbox issuer's approval (its settle timer and webhook) to give the cardholder.
 */
export async function signUpCustomer(baseUrl: string, smtp: SmtpCapture, db: Database, email: string) {
  const client = new HttpClient();
  const registered = await client.send(baseUrl, 'POST', '/api/auth/register', {
    email,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.text}`);
  const mail = await smtp.latest(email, 'Verify your e-mail');
  const code = mail.text.match(/\/email\/verify\/([A-Za-z0-9_-]+)/)?.[1];
  const verified = await client.send(baseUrl, 'GET', `/api/auth/email/verify/${code}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
  const me = (await client.send(baseUrl, 'GET', '/api/user')).json as { _id: string };
  const submitted = await client.send(baseUrl, 'POST', '/api/cardholder', TEST_IDENTITY);
  if (submitted.status !== 202) throw new Error(`identity not taken: ${submitted.text}`);
  await waitUntil(`a cardholder for ${email}`, async () => {
    const rows = await executeRows(db, sql`select cardholder_id from users where id = ${me._id}`);
    return Boolean(rows[0]?.cardholder_id);
  });
  return { email, client, userId: me._id, cardId: '' } satisfies Customer;
}

export const checkoutPath = (paymentUrl: string) =>
  `/sandbox/payments/checkout/${paymentUrl.split('/').pop() ?? ''}/outcome`;

/** A top-up created and paid at the sandbox checkout, outside any burst (set-up). */
export async function topUp(baseUrl: string, customer: Customer, cents: number) {
  const created = await customer.client.send(baseUrl, 'POST', '/api/transactions', {
    currency: 'USDT',
    network: 'TRON',
    amountInUsd: cents,
  });
  if (created.status !== 201) throw new Error(`top-up failed: ${created.text}`);
  const paid = await customer.client.send(
    baseUrl,
    'POST',
    checkoutPath((created.json as { paymentUrl: string }).paymentUrl),
    { outcome: 'paid' },
  );
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.text}`);
  // The webhook was acknowledged at once; the queue credits it a moment later.
  await waitUntil(`the top-up of ${customer.email} to be credited`, async () => {
    const me = await customer.client.send(baseUrl, 'GET', '/api/user');
    return ((me.json as { balance?: number }).balance ?? 0) >= cents;
  });
}

/** A card created through the API and active at the sandbox issuer. */
export async function activeCard(baseUrl: string, customer: Customer): Promise<string> {
  const created = await customer.client.send(baseUrl, 'POST', '/api/cards/create', { name: 'Burst', pin: 1234 });
  if (created.status !== 201) throw new Error(`card creation failed: ${created.text}`);
  const cardId = (created.json as { card: { _id: string } }).card._id;
  await waitUntil('the card to become active', async () => {
    const card = await customer.client.send(baseUrl, 'GET', `/api/cards/${cardId}/public`);
    return (card.json as { status?: string }).status === 'active';
  });
  customer.cardId = cardId;
  return cardId;
}

export const loadFee = (amount: number) => Math.ceil((amount * 5) / 100) + 100;

export function depositOp(customer: Customer, cents: number): Operation {
  return {
    kind: 'deposit',
    customer,
    method: 'POST',
    path: '/api/transactions',
    body: { currency: 'USDT', network: 'TRON', amountInUsd: cents },
    key: randomUUID(),
    answer: null,
    amount: cents,
  };
}

export function payOp(deposit: Operation): Operation {
  const paymentUrl = (deposit.answer?.json as { paymentUrl?: string } | undefined)?.paymentUrl ?? '';
  return {
    kind: 'pay',
    customer: deposit.customer,
    method: 'POST',
    path: checkoutPath(paymentUrl),
    body: { outcome: 'paid' },
    key: null,
    answer: null,
    amount: deposit.amount,
  };
}

export function loadOp(customer: Customer, cents: number): Operation {
  return {
    kind: 'load',
    customer,
    method: 'PATCH',
    path: `/api/cards/${customer.cardId}/load`,
    body: { amount: cents, includesFee: false },
    key: randomUUID(),
    answer: null,
    amount: cents,
  };
}

export function unloadOp(customer: Customer, cents: number): Operation {
  return {
    kind: 'unload',
    customer,
    method: 'PATCH',
    path: `/api/cards/${customer.cardId}/unload`,
    body: { amount: cents },
    key: randomUUID(),
    answer: null,
    amount: cents,
  };
}

/**
 * The provider's webhook for a sandbox invoice, signed as the sandbox signs it: what a provider redelivers when its
 * first delivery got no answer (the sandbox itself lives in the killed process, so it cannot).
 */
export async function sandboxWebhookFor(db: Database, orderId: string): Promise<string> {
  const [invoice] = await executeRows(
    db,
    sql`select uuid, order_id, amount, payment_amount_usd, status, network, currency, to_currency
        from sandbox_invoices where order_id = ${orderId}`,
  );
  if (!invoice) throw new Error(`no sandbox invoice for ${orderId}`);
  const payload = {
    type: 'payment',
    uuid: invoice.uuid,
    order_id: invoice.order_id,
    amount: invoice.amount,
    payment_amount: invoice.payment_amount_usd,
    payment_amount_usd: invoice.payment_amount_usd,
    merchant_amount: invoice.payment_amount_usd,
    commission: '0.00',
    is_final: true,
    status: invoice.status,
    from: null,
    network: invoice.network,
    currency: invoice.currency,
    payer_currency: invoice.to_currency,
    additional_data: null,
    txid: null,
  };
  const key = sandboxCredentials(SERVER_SESSION_SECRET).apiKey;
  return JSON.stringify({ ...payload, sign: signCryptomusWebhook(payload, key) });
}

/** Balances as the user sees them through the API. */
export async function balancesOf(baseUrl: string, customer: Customer) {
  const me = (await customer.client.send(baseUrl, 'GET', '/api/user')).json as { balance: number };
  const card = (await customer.client.send(baseUrl, 'GET', `/api/cards/${customer.cardId}/public`)).json as {
    balance: number;
  };
  return { balance: me.balance, card: card.balance };
}

/** What is still half-way, for a failing wait's message. */
export async function unsettled(db: Database) {
  return {
    movements: await executeRows(
      db,
      sql`select id, kind, status, attempts, next_attempt_at, last_error from card_operations
          where status in ('pending', 'submitted')`,
    ),
    deposits: await executeRows(
      db,
      sql`select d.order_id, d.status, d.provider_status, d.next_check_at, i.status as invoice from deposits d
          join sandbox_invoices i on i.order_id = d.order_id where d.status = 'PENDING'`,
    ),
    events: await executeRows(
      db,
      sql`select event_type, attempts, next_attempt_at, outcome from provider_events where processed_at is null`,
    ),
    jobs: await executeRows(
      db,
      sql`select name, state, count(*)::int as n from pgboss.job where state <> 'completed' group by name, state`,
    ),
    now: new Date().toISOString(),
  };
}

/** Nothing left half-way: no deposit waiting on a paid invoice, no card movement in transit, no money in transit. */
export async function settledEverywhere(db: Database): Promise<boolean> {
  const [row] = await executeRows(
    db,
    sql`select
      (select count(*) from card_operations where status in ('pending', 'submitted'))::int as moving,
      (select count(*) from deposits d join sandbox_invoices i on i.order_id = d.order_id
        where d.status = 'PENDING' and i.status = 'paid')::int as uncredited,
      (select coalesce(sum(abs(balance)), 0) from ledger_accounts where kind = 'card_in_transit')::int as in_transit,
      (select count(*) from provider_events where processed_at is null)::int as unprocessed`,
  );
  return row?.moving === 0 && row?.uncredited === 0 && row?.in_transit === 0 && row?.unprocessed === 0;
}
