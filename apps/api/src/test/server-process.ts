import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.js';
import { openTestDatabase } from './test-database.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/** The API package's folder: the server runs from its sources through tsx, so no build is needed first. */
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  url: string;
  port: number;
  /** What the process wrote, for a failing test's message. */
  output: () => string;
  /** SIGKILL: no shutdown hook runs, requests in flight get no answer, transactions in flight roll back. */
  kill: () => Promise<void>;
  /** SIGTERM: the server finishes what is in flight and closes its database, as on a normal stop. */
  stop: () => Promise<void>;
  /** The process has not exited (it did not crash). */
  isRunning: () => boolean;
};

/** Everything spawned here, so a test's afterAll can end them even when the test failed half-way. */
const running = new Set<ChildProcess>();

export const SERVER_SESSION_SECRET = 'crash-suite-secret-that-is-at-least-32-chars';

/**
 * The real server (src/server.ts: config parsing, job runner, sandbox providers) as a child process on PostgreSQL,
 * or without `databaseUrl` on the embedded PGlite (give it a DATA_DIR in `env`), listening on `port`. Without
 * `smtpUrl` mail goes to the dev outbox. Resolves once /api/health answers.
 */
export async function startServerProcess(options: {
  databaseUrl?: string;
  port: number;
  smtpUrl?: string;
  env?: Record<string, string>;
  /** Waits for this line in the output too (the start-up banner, printed once start-up work is done). */
  readyLine?: string;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      APP_URL: url,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: '10' } : {}),
      SESSION_SECRET: SERVER_SESSION_SECRET,
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      SANDBOX_ISSUER_KEY: 'crash-suite-sandbox-issuer-key-of-32-chars',
      SANDBOX_ISSUER_WINDOW_SECONDS: '0',
      SANDBOX_ISSUER_SETTLE_MS: '300',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_MAINTENANCE_SECONDS: '2',
      JOBS_EXPIRE_SECONDS: '10',
      // The sandbox providers on PostgreSQL are a demo deployment; without the demo logins.
      DEMO_MODE: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Several servers run side by side: each takes a free port for its metrics.
      METRICS_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy && (!options.readyLine || output.includes(options.readyLine))) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within a minute:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port: options.port,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    isRunning: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Ends every server process still running (afterAll, whatever happened). */
export async function killAllServerProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** A browser-like client of one server: keeps its cookies, answers status and JSON, or null when no answer came. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  /** The cookies as a browser would send them (to open a live stream with the same session). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(
    baseUrl: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown; text: string }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: this.cookieHeader(),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (!value || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json, text };
  }
}

/**
 * What a suite of server processes shares: a PostgreSQL database and an SMTP capture, opened before the suite and
 * closed after it, once every server process it started is gone. Read the fields inside tests (they are set then).
 */
export function serverProcessSuite(): { database: TestDatabase; smtp: SmtpCapture } {
  const suite = {} as { database: TestDatabase; smtp: SmtpCapture };
  beforeAll(async () => {
    suite.database = await openTestDatabase();
    suite.smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await killAllServerProcesses();
    await suite.smtp?.close();
    await suite.database?.close();
  });
  return suite;
}
