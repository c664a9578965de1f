import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxIssuerCredentials } from '../providers/issuing/index.js';
import { sandboxCredentials } from '../providers/payments/index.js';
import { settleIssuer, TEST_IDENTITY, verifyCardholder } from '../test/card-helpers.js';
import { CookieJar } from '../test/cookie-jar.js';
import { createDeposit, payInSandbox } from '../test/deposit-helpers.js';
import { stepUp } from '../test/step-up.js';
import { STRONG_PASSWORD, type TestApp } from '../test/test-app.js';
import { usingPostgres } from '../test/test-database.js';
import { signInThroughTwoFactor } from '../test/two-factor-sign-in.js';
import { startTracing, type Tracing } from './tracing.js';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  // Tracing starts before the app is built, as in server.ts; the test app module is loaded after it.
  tracing = startTracing({ exporter, serviceName: 'coincard-test', immediate: true });
  const { createTestApp } = await import('../test/test-app.js');
  t = await createTestApp({ logLines });
});

afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
});

/** Everything a span carries that leaves the process: name, attributes, events (exceptions) and status. */
const exported = (spans: ReadableSpan[]) =>
  JSON.stringify(
    spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })),
  );

/** The session's tokens (the signed-in marker cookie, "1", is no secret). */
const cookieValues = (jar: CookieJar) =>
  jar
    .header()
    .split('; ')
    .map((pair) => pair.slice(pair.indexOf('=') + 1))
    .filter((value) => value.length > 8);

it('traces requests, their queries and the provider calls, with no secret in any span or log line', async () => {
  const email = 'traced@example.com';
  const pin = 8642;
  const { code: verificationCode } = await t.signUp(email);
  const verifyJar = new CookieJar();
  expect((await t.request('GET', `/api/auth/email/verify/${verificationCode}`, { jar: verifyJar })).statusCode).toBe(
    200,
  );
  const jar = new CookieJar();
  await signInThroughTwoFactor(t, jar, email, STRONG_PASSWORD);
  expect((await verifyCardholder(t, jar)).status).toBe('approved');

  const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
  expect((await payInSandbox(t, deposit.paymentUrl, 'paid')).statusCode).toBe(200);
  const created = await t.request('POST', '/api/cards/create', { jar, body: { name: 'Traced', pin } });
  expect(created.statusCode).toBe(201);
  await settleIssuer(t);
  const cardId = created.json().card._id as string;
  await stepUp(t, jar);
  const reveal = await t.request('GET', `/api/cards/${cardId}/private`, { jar });
  expect(reveal.statusCode).toBe(200);
  const { cardNumber, cvv } = reveal.json() as { cardNumber: string; cvv: string };
  await tracing.flush();

  const spans = exporter.getFinishedSpans();
  const routes = new Set(spans.map((span) => span.attributes['http.route']));
  for (const route of ['/api/auth/register', '/api/auth/login', '/api/cards/create', '/api/cards/:id/private']) {
    expect(routes).toContain(route);
  }
  const outgoing = spans
    .filter((span) => span.kind === SpanKind.CLIENT && typeof span.attributes['url.full'] === 'string')
    .map((span) => String(span.attributes['url.full']));
  expect(outgoing.some((url) => url.includes('/sandbox/payments/'))).toBe(true);
  expect(outgoing.some((url) => url.includes('/sandbox/issuing/v1/'))).toBe(true);
  // The embedded PGlite runs in the process, with no client to trace: PostgreSQL's queries are spans of their own.
  const queries = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
  expect(queries.some((span) => String(span.attributes['db.query.text']).length > 0)).toBe(usingPostgres);
  // The reveal's trace holds its call to the issuer (and, on PostgreSQL, its queries).
  const revealSpan = spans.find((span) => span.attributes['http.route'] === '/api/cards/:id/private');
  const revealTrace = spans.filter((span) => span.spanContext().traceId === revealSpan?.spanContext().traceId);
  expect(revealTrace.some((span) => String(span.attributes['url.full']).includes('/get_card_details'))).toBe(true);
  // The call carried its traceparent: the sandbox issuer's own span (this app serves it) is in the same trace.
  expect(revealTrace.some((span) => span.name === 'GET /sandbox/issuing/v1/cards/get_card_details')).toBe(true);
  expect(revealTrace.some((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(usingPostgres);

  const codes = t.smtp.mails.flatMap((mail) => [
    ...[...mail.text.matchAll(/\/email\/verify\/([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? ''),
    ...[...mail.text.matchAll(/\b(\d{6})\b/g)].map((match) => `"${match[1]}"`),
  ]);
  const secrets = [
    cardNumber,
    `"${cvv}"`,
    `"${pin}"`,
    STRONG_PASSWORD,
    verificationCode,
    ...codes,
    ...cookieValues(jar),
    ...cookieValues(verifyJar),
    sandboxIssuerCredentials(t.deps.sessionSecret).accessToken,
    sandboxCredentials(t.deps.sessionSecret).apiKey,
    TEST_IDENTITY.idNumber,
    TEST_IDENTITY.dateOfBirth,
  ];
  expect(cardNumber).toMatch(/^\d{16}$/);
  expect(cookieValues(jar).length).toBeGreaterThan(0);
  const text = exported(spans);
  const logs = logLines.join('\n');
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
    expect(logs).not.toContain(secret);
  }
});
