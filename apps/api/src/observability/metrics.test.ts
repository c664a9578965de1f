import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCircuit, OutageError } from '../lib/circuit-breaker.js';
import { settleIssuer, userWithCard } from '../test/card-helpers.js';
import { createDeposit, postWebhook, settleSilently, signedWebhook } from '../test/deposit-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { usingPostgres } from '../test/test-database.js';
import { createMetrics } from './metrics.js';
import { type MetricsServer, startMetricsServer } from './metrics-server.js';

let t: TestApp;
let server: MetricsServer;

beforeAll(async () => {
  // Payment webhooks only from the test's own addresses (the request helper's and the sandbox's), so an outsider's
  // is refused.
  t = await createTestApp({ configEnv: { PAYMENTS_WEBHOOK_ALLOWED_IPS: '10.0.0.0/16, 127.0.0.1' } });
  server = await startMetricsServer(t.deps.metrics, { host: '127.0.0.1', port: 0, logger: t.deps.logger });
});

afterAll(async () => {
  await server?.close();
  await t?.close();
});

const scrape = async () => (await fetch(server.url)).text();

/** One sample of the exposition text: the metric with exactly these labels (among others), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('the metrics server', () => {
  it('serves /metrics on its own port and nothing else; the public port has no /metrics', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain('# TYPE coincard_http_request_duration_seconds histogram');
    expect((await fetch(new URL('/', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
    const publicPort = await t.request('GET', '/metrics');
    expect(publicPort.statusCode).toBe(404);
    expect(publicPort.body).not.toContain('coincard_');
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const { jar, cardId } = await userWithCard(t, 'routes@example.com');
    const unmatched = { route: 'unmatched', status_code: '404' };
    const unmatchedBefore = sample(await scrape(), 'coincard_http_request_duration_seconds_count', unmatched) ?? 0;
    expect((await t.request('GET', `/api/cards/${cardId}/public`, { jar })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/no-such-thing/42')).statusCode).toBe(404);
    const text = await scrape();
    const route = { method: 'GET', route: '/api/cards/:id/public', status_code: '200' };
    expect(sample(text, 'coincard_http_request_duration_seconds_count', route)).toBe(1);
    expect(sample(text, 'coincard_http_request_duration_seconds_count', unmatched)).toBe(unmatchedBefore + 1);
    expect(text).not.toContain(cardId);
    expect(text).not.toContain('no-such-thing');
  });

  it('reports the PostgreSQL pool (there is none on the embedded database)', async () => {
    const text = await scrape();
    expect(sample(text, 'coincard_db_pool_connections') !== undefined).toBe(usingPostgres);
    if (usingPostgres) expect(sample(text, 'coincard_db_pool_waiting_requests')).toBe(0);
  });
});

describe('business counters', () => {
  it('counts a top-up credited once, in cents, however often the provider says so', async () => {
    const before = await scrape();
    const { jar } = await t.signUpVerified('counted@example.com');
    const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
    await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
    const paid = signedWebhook(t, {
      uuid: deposit.transactionId,
      order_id: deposit.orderId,
      amount: '50.00',
      payment_amount_usd: '50.00',
      status: 'paid',
      is_final: true,
    });
    for (let delivery = 0; delivery < 3; delivery += 1) expect((await postWebhook(t, paid)).statusCode).toBe(200);
    await t.runSchedules('sweep-deposits');
    expect((await t.request('GET', '/api/user', { jar })).json().balance).toBe(5000);
    const after = await scrape();
    const delta = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect(delta('coincard_topups_credited_total')).toBe(1);
    expect(delta('coincard_topups_credited_cents_total')).toBe(5000);
  });

  it('counts card movements settled, by kind and outcome', async () => {
    const { jar, cardId } = await userWithCard(t, 'settled@example.com', { balance: 20_000 });
    const fund = { kind: 'fund', outcome: 'completed' };
    const before = sample(await scrape(), 'coincard_card_operations_settled_total', fund) ?? 0;
    const loaded = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      body: { amount: 2000, includesFee: false },
    });
    expect(loaded.statusCode).toBe(200);
    await settleIssuer(t);
    expect(sample(await scrape(), 'coincard_card_operations_settled_total', fund)).toBe(before + 1);
  });

  it('counts webhooks refused for a bad signature and from a sender not allowed', async () => {
    const forged = signedWebhook(t, { order_id: 'cc-forged', status: 'paid' }, 'not-the-key');
    expect((await postWebhook(t, forged)).statusCode).toBe(401);
    const outsider = await t.request('POST', '/api/webhooks/payments', {
      rawBody: forged,
      headers: { 'content-type': 'application/json', origin: '' },
      ip: '192.0.2.7',
    });
    expect(outsider.statusCode).toBe(403);
    const text = await scrape();
    const refused = (reason: string) => sample(text, 'coincard_webhooks_refused_total', { source: 'payments', reason });
    expect(refused('bad-signature')).toBe(1);
    expect(refused('sender-not-allowed')).toBe(1);
  });
});

describe('job metrics', () => {
  it('counts the jobs this instance ran, and how long each waited to start', async () => {
    await t.signUpVerified('jobs@example.com');
    const text = await scrape();
    expect(sample(text, 'coincard_jobs_finished_total', { queue: 'mail', outcome: 'completed' })).toBeGreaterThan(0);
    expect(sample(text, 'coincard_job_wait_seconds_count', { queue: 'mail' })).toBeGreaterThan(0);
  });

  it('reads each queue at scrape time: waiting, dead letters, and the age of the oldest waiting job', async () => {
    const { boss } = t.deps.jobs;
    await t.deps.db.transaction((tx) => t.deps.jobs.enqueue(tx, 'deposit-check', { orderId: 'cc-waiting' }));
    // A job with no retries left, failed once: a dead letter.
    await boss.send('card-close', { cardId: 'no-such-card' }, { retryLimit: 0 });
    const [taken] = await boss.fetch('card-close');
    await boss.fail('card-close', taken?.id ?? '', { message: 'gone for good' });
    // A registry of its own, so no earlier scrape's cached read answers.
    const text = (await createMetrics({ db: t.deps.db }).scrape()).text;
    expect(sample(text, 'coincard_job_queue_depth', { queue: 'deposit-check' })).toBe(1);
    expect(sample(text, 'coincard_job_oldest_waiting_seconds', { queue: 'deposit-check' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'coincard_job_dead_letters', { queue: 'card-close' })).toBe(1);
    expect(sample(text, 'coincard_job_queue_depth', { queue: 'mail' })).toBe(0);
    expect(sample(text, 'coincard_job_queue_active', { queue: 'mail' })).toBe(0);
  });
});

describe('circuit breakers', () => {
  it('report each state change of a provider circuit, and count its openings', async () => {
    const metrics = createMetrics();
    const circuit = createCircuit('a provider', {
      failures: 2,
      halfOpenAfterMs: 60_000,
      ...metrics.circuit('payments'),
    });
    const state = async () => sample((await metrics.scrape()).text, 'coincard_circuit_state', { service: 'payments' });
    expect(await state()).toBe(0);
    for (let call = 0; call < 2; call += 1) {
      await expect(circuit.run(() => Promise.reject(new OutageError('down')))).rejects.toThrow(OutageError);
    }
    expect(await state()).toBe(2);
    const text = (await metrics.scrape()).text;
    expect(sample(text, 'coincard_circuit_opened_total', { service: 'payments' })).toBe(1);
  });
});
