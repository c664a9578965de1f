import { type AddressInfo, createServer } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createNotifications } from '../db/notifications.js';
import { buildDeps } from '../deps.js';
import { createJobEngine } from '../jobs/engine.js';
import { JOB_HANDLERS } from '../jobs/handlers.js';
import type { ScheduleName } from '../jobs/queues.js';
import { loggerOptions } from '../lib/logger.js';
import type { CardIssuer } from '../providers/issuing/card-issuer.js';
import { createOutboxMailer } from '../providers/mail/outbox.js';
import { createSmtpMailer } from '../providers/mail/smtp.js';
import type { PaymentProvider } from '../providers/payments/payment-provider.js';
import { CookieJar } from './cookie-jar.js';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.js';
import { openTestDatabase } from './test-database.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
export const STRONG_PASSWORD = 'Correct-Horse-42';

/** The schedules that look for work without a job; the others (fees, reconciliation, pruning) are named when wanted. */
const SWEEPS: ScheduleName[] = ['sweep-card-work', 'sweep-deposits', 'sweep-provider-events'];
const scheduledRun = (name: ScheduleName) => ({ id: 'test', queue: name, attempt: 1, isLastAttempt: false });

type RequestOptions = {
  body?: unknown;
  jar?: CookieJar;
  headers?: Record<string, string>;
  ip?: string;
  rawBody?: string;
};

let ipCounter = 0;
/** A fresh client address, so one test's rate-limit counters never touch another's. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

type TestAppOverrides = {
  configEnv?: Record<string, string>;
  /** Replaces the configured payment provider (the Cryptomus adapter pointed at a test's fake server). */
  payments?: (appUrl: string) => PaymentProvider;
  /** Replaces the configured card issuer (the Bridgecard adapter pointed at a test's fake server). */
  issuer?: (appUrl: string) => CardIssuer;
  /** Receives the app's real log output (the production logger settings, redaction included). */
  logLines?: string[];
  /** Sends mail to the development outbox (served at /api/dev/outbox) instead of the in-test SMTP server. */
  useDevOutbox?: boolean;
  /** A built SPA to serve beside /api, as `npm start` serves apps/web/dist. */
  webDistDir?: string;
  /** Opens the app's database instead of a fresh test database (a pool through a proxy the test can cut). */
  database?: () => Promise<DatabaseHandle>;
};

/**
 * The whole app on a real port of its own (the sandbox provider and webhooks travel over real HTTP), with a
 * real SMTP server receiving its mail and a fresh database.
 */
export async function createTestApp(overrides: TestAppOverrides = {}) {
  const smtp: SmtpCapture = await startSmtpCapture();
  const database = await (overrides.database ?? openTestDatabase)();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    APP_URL: appUrl,
    SESSION_SECRET: 'test-secret-that-is-at-least-32-chars',
    ...(overrides.useDevOutbox ? {} : { SMTP_URL: smtp.url }),
    SANDBOX_ISSUER_KEY: 'test-sandbox-issuer-key-of-at-least-32-chars',
    // Funds and unloads wait at the sandbox issuer until a test settles them (test/card-helpers.ts settleIssuer).
    SANDBOX_ISSUER_SETTLE_MS: '600000',
    ...overrides.configEnv,
  });
  const logLines = overrides.logLines;
  const logger = logLines
    ? pino(loggerOptions('info'), { write: (line: string) => logLines.push(line) })
    : pino({ level: 'silent' });
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const deps = buildDeps({
    config,
    db: database.db,
    mailer: config.usesDevOutbox
      ? createOutboxMailer({ db: database.db, logger })
      : createSmtpMailer({ url: smtp.url, from: config.MAIL_FROM, logger }),
    logger,
    selfUrl: () => appUrl,
    now,
    payments: overrides.payments?.(appUrl),
    issuer: overrides.issuer?.(appUrl),
  });
  // The engine without workers: the request helper runs what each request queued (drain), so a test reads the
  // database as it stands once the work a request set off is done, without waiting on a poll.
  const notifications = createNotifications(database.db, logger);
  const engine = createJobEngine(deps, JOB_HANDLERS, { notifications, observer: deps.metrics.jobs });
  const app: FastifyInstance = await buildApp(deps, { webDistDir: overrides.webDistDir, notifications });
  await app.listen({ host: '127.0.0.1', port });
  const defaultIp = freshIp();

  async function request(method: string, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.jar) headers.cookie = options.jar.header();
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= config.appOrigin;
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      payload,
      remoteAddress: options.ip ?? defaultIp,
    });
    // A test reads the database right after a request, as if the request had finished everything it set off.
    await engine.drain();
    options.jar?.store(response);
    return response;
  }

  /** Signs up through the API and returns the verification code from the mail that arrived over SMTP. */
  async function signUp(email: string, options: { password?: string; referredBy?: string; ip?: string } = {}) {
    const password = options.password ?? STRONG_PASSWORD;
    const response = await request('POST', '/api/auth/register', {
      body: { email, password, confirmPassword: password, referredBy: options.referredBy },
      // Each factory user is a different person, arriving from their own address.
      ip: options.ip ?? freshIp(),
    });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
    const mail = await smtp.latest(email, 'Verify your e-mail');
    const code = mail.text.match(/\/email\/verify\/([A-Za-z0-9_-]+)/)?.[1];
    if (!code) throw new Error('no verification link in mail');
    return { code, mail };
  }

  /** A verified, signed-in user: sign up, open the link, keep the session cookies. */
  async function signUpVerified(email: string, options: { password?: string; referredBy?: string } = {}) {
    const { code } = await signUp(email, options);
    const jar = new CookieJar();
    const verified = await request('GET', `/api/auth/email/verify/${code}`, { jar });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    const me = await request('GET', '/api/user', { jar });
    return { jar, user: me.json() as { _id: string; email: string }, verifyResponse: verified.json() };
  }

  return {
    app,
    appUrl,
    deps,
    smtp,
    request,
    signUp,
    signUpVerified,
    clock: {
      advance(ms: number) {
        offsetMs += ms;
      },
    },
    /** Runs every job that is due now (what a sweep or a webhook queued outside the request helper). */
    runJobs: (options?: { waitsOver?: boolean }) => engine.drain(options),
    /**
     * What the schedules would do at this moment of the test clock: each named schedule's firing (every sweep when
     * none is named), then every job they queued.
     */
    async runSchedules(...names: ScheduleName[]) {
      for (const name of names.length > 0 ? names : SWEEPS) await JOB_HANDLERS[name](deps, {}, scheduledRun(name));
      return engine.drain();
    },
    async close() {
      await app.close();
      await notifications.close();
      await deps.mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
