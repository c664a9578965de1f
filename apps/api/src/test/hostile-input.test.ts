import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/client.js';
import { ensureStartupUsers } from '../seed/ensure-users.js';
import { userWithCard } from './card-helpers.js';
import { CookieJar } from './cookie-jar.js';
import { hostileRequests, leaksInternals, type OpenApiDocument, routesOf, seededRandom } from './hostile-input.js';
import { expectLedgerInvariants } from './ledger-invariants.js';
import { createTestApp, freshIp, type TestApp } from './test-app.js';
import { signInThroughTwoFactor } from './two-factor-sign-in.js';

const ADMIN = { email: 'root@example.com', password: 'Admin-Password-99' };
const TOTAL_REQUESTS = 10_200;
const SEED = 20261122;

let t: TestApp;
let victimIds: string[];
const cookies: Record<'guest' | 'user' | 'admin', string | undefined> = {
  guest: undefined,
  user: undefined,
  admin: undefined,
};

beforeAll(async () => {
  t = await createTestApp({ configEnv: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  await ensureStartupUsers(t.deps, false);
  // A victim with money, a card and a deposit: their real ids are the foreign ids the others try.
  const victim = await userWithCard(t, 'victim@example.com', { balance: 20_000 });
  const deposits = (await t.request('GET', '/api/transactions', { jar: victim.jar })).json();
  const depositIds =
    JSON.stringify(deposits).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  victimIds = [...new Set([victim.user._id, victim.cardId, ...depositIds])];
  cookies.user = (await t.signUpVerified('attacker@example.com')).jar.header();
  const admin = new CookieJar();
  await signInThroughTwoFactor(t, admin, ADMIN.email, ADMIN.password);
  // Signed in for real (admins always pass the second factor): the admin routes see an admin, not a guest.
  expect((await t.request('GET', '/api/admin/stats/dashboard', { jar: admin })).statusCode).toBe(200);
  cookies.admin = admin.header();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const balances = () => executeRows(t.deps.db, sql`select id, balance::text from ledger_accounts order by id`);

describe('generated hostile input against every route in the OpenAPI document', () => {
  it('never answers 5xx, never leaks a stack trace, never moves money', async () => {
    const document = t.app.swagger() as unknown as OpenApiDocument;
    // Session-ending routes go last, so they do not sign the identities out for the routes after them.
    // The live stream never ends by design (an injected request would wait for it forever); it reads nothing but the
    // session cookie, and its refusals are tested over real HTTP in modules/live/live.test.ts.
    const routes = routesOf(document)
      .filter((route) => route.path !== '/api/events')
      .sort((a, b) => Number(/logout|refresh/.test(a.path)) - Number(/logout|refresh/.test(b.path)));
    expect(routes.length).toBeGreaterThan(20);
    const before = await balances();
    const random = seededRandom(SEED);
    const perRoute = Math.ceil(TOTAL_REQUESTS / (routes.length * 3));
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const identity of ['guest', 'user', 'admin'] as const) {
        const requests = hostileRequests(route, {
          random,
          count: perRoute,
          ids: victimIds,
          origin: t.deps.config.appOrigin,
        });
        for (const request of requests) {
          const headers = { ...request.headers };
          if (cookies[identity]) headers.cookie = cookies[identity];
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers,
            payload: request.payload,
            remoteAddress: freshIp(),
          });
          sent++;
          if (response.statusCode >= 500)
            failures.push(`${identity} ${request.label} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (leaksInternals(response.body))
            failures.push(`${identity} ${request.label} → leaks ${response.body.slice(0, 200)}`);
        }
      }
    }
    console.info(`hostile input: ${routes.length} routes, ${sent} requests`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(await balances()).toEqual(before);
    await expectLedgerInvariants(t.deps.db);
  }, 600_000);
});
