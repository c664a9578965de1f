import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { installJobEngine } from './jobs/install.js';
import { isDatabaseUnavailable } from './lib/db-errors.js';
import type { CookieJar } from './test/cookie-jar.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { openTestDatabase } from './test/test-database.js';

/**
 * The database going away while the app runs (a restart, a failover, a network cut), without restarting the shared
 * PostgreSQL server: the app's pool reaches its database through a proxy this test cuts and restores.
 */
let proxy: TcpProxy;
let t: TestApp;
let jar: CookieJar;

beforeAll(async () => {
  const direct = await openTestDatabase();
  const url = new URL(direct.url ?? '');
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  t = await createTestApp({
    async database() {
      // The direct handle created and migrated the database; the app's own pool goes through the proxy.
      const proxied = await openDatabase({
        url: url.toString(),
        poolSize: 5,
        connectTimeoutMs: 500,
        afterMigrations: installJobEngine,
      });
      return {
        ...proxied,
        async close() {
          await proxied.close();
          await direct.close();
        },
      };
    },
  });
  ({ jar } = await t.signUpVerified('outage@example.com'));
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
});

/** Over real HTTP, without the test helper's job drain (which needs the database too). */
async function get(path: string) {
  const response = await fetch(`${t.appUrl}${path}`, { headers: { cookie: jar.header() } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

describe('while the database is away', () => {
  it('answers 503 with Retry-After (never 500) when connections are refused, and is ready again once it is back', async () => {
    expect((await get('/api/user')).status).toBe(200);
    await proxy.refuse();

    const refused = await get('/api/user');
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({
      errorCode: 'ServiceUnavailable',
      message: expect.stringMatching(/try again/),
    });
    const notReady = await get('/api/health/ready');
    expect(notReady.status).toBe(503);
    expect(Number(notReady.retryAfter)).toBeGreaterThan(0);
    expect(notReady.body).toMatchObject({
      status: 'unavailable',
      errorCode: 'ServiceUnavailable',
      checks: { database: 'down', jobs: 'down' },
    });
    // Liveness does not depend on the database: the process is fine and must not be restarted for this.
    expect(await get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });

    await proxy.restore();
    expect(await get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { database: 'up', jobs: 'up' } },
    });
    expect(await get('/api/user')).toMatchObject({ status: 200, body: { email: 'outage@example.com' } });
  });

  it('answers 503 once the connect timeout passes when the database does not answer at all', async () => {
    await proxy.hang();
    const hung = await get('/api/user');
    expect(hung.status).toBe(503);
    expect(hung.body).toMatchObject({ errorCode: 'ServiceUnavailable' });
    expect((await get('/api/health/ready')).status).toBe(503);

    await proxy.restore();
    expect((await get('/api/user')).status).toBe(200);
    // Writes work again too: signing out ends the session and writes the audit log, through the same pool.
    expect((await t.request('GET', '/api/auth/logout', { jar })).statusCode).toBe(200);
    expect((await get('/api/user')).status).toBe(401);
  });

  it('recognizes a session the server terminates (57P01, as a restart does) and carries on with a new connection', async () => {
    const sleeping = t.deps.db.execute(sql`select pg_sleep(30) as obs_outage_sleep`).then(
      () => null,
      (error: unknown) => error,
    );
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (let terminated = 0; terminated === 0; ) {
        const result = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where query like '%obs_outage_sleep%' and pid <> pg_backend_pid()",
        );
        terminated = result.rowCount ?? 0;
      }
    } finally {
      await admin.end();
    }
    const error = await sleeping;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await get('/api/health/ready')).status).toBe(200);
  });
});
