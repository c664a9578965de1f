import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../seed/ensure-users.js';
import { cardOf, fundedUser, signInAgain, userWithCard } from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: CookieJar;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'console-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'console-admin@example.com');
  adminId = (await t.request('GET', '/api/user', { jar: admin })).json()._id;
});
afterAll(async () => {
  await expectLedgerInvariants(t.deps.db);
  await t.close();
});

const UNKNOWN = '01a20301-0000-7000-8000-000000000000';

/** Every admin call, for a user id and a card id. */
const adminCalls = (userId: string, cardId: string): Array<[string, string, unknown?]> => [
  ['GET', '/api/admin/stats/dashboard'],
  ['GET', `/api/admin/stats/user/${userId}`],
  ['GET', `/api/admin/users/${userId}/cards`],
  ['GET', `/api/admin/users/${userId}/deposits`],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/reviews'],
  ['PATCH', `/api/admin/reviews/${userId}`, { note: 'looked at it' }],
  ['GET', '/api/admin/jobs'],
  ['GET', '/api/admin/jobs/dead-letters'],
  ['POST', `/api/admin/jobs/dead-letters/${userId}/retry`, {}],
  ['PATCH', `/api/admin/cards/${cardId}/freeze`, {}],
  ['PATCH', `/api/admin/cards/${cardId}/unfreeze`, {}],
  ['PATCH', `/api/admin/2fa/${userId}`, { enabled: true }],
  ['PATCH', `/api/admin/suspend/${userId}`, {}],
  ['GET', '/api/user/all'],
  ['GET', '/api/transactions/all'],
];

describe('who may use the admin console', () => {
  it('answers 401 to guests and 403 to users, and changes nothing', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'not-an-admin@example.com', { onCard: 1000 });
    for (const [method, url, body] of adminCalls(user._id, cardId)) {
      expect((await t.request(method, url, { jar: new CookieJar(), body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.request(method, url, { jar, body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await cardOf(t, jar, cardId)).toMatchObject({ status: 'active' });
    expect((await t.request('GET', '/api/user', { jar })).json()).toMatchObject({ isSuspended: false });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    for (const url of ['/api/admin/stats/user/not-an-id', '/api/admin/users/42/cards', '/api/admin/users/x/deposits']) {
      expect((await t.request('GET', url, { jar: admin })).statusCode, url).toBe(400);
    }
    for (const url of [
      `/api/admin/stats/user/${UNKNOWN}`,
      `/api/admin/users/${UNKNOWN}/cards`,
      `/api/admin/users/${UNKNOWN}/deposits`,
    ]) {
      expect((await t.request('GET', url, { jar: admin })).statusCode, url).toBe(404);
    }
    expect((await t.request('PATCH', `/api/admin/cards/${UNKNOWN}/freeze`, { jar: admin, body: {} })).statusCode).toBe(
      404,
    );
    const malformed = await t.request('PATCH', '/api/admin/cards/nope/freeze', { jar: admin, body: {} });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Must be a valid id.');
    const badAudit = await t.request('GET', '/api/admin/audit?from=yesterday&actorId=me', { jar: admin });
    expect(badAudit.statusCode).toBe(400);
  });

  it('shows each user with their balance', async () => {
    await fundedUser(t, 'listed-with-balance@example.com', 4321);
    const { users } = (await t.request('GET', '/api/user/all?search=listed-with-balance', { jar: admin })).json();
    expect(users).toMatchObject([{ email: 'listed-with-balance@example.com', balance: 4321 }]);
  });
});

describe('admin actions', () => {
  it('suspends and re-activates a user, who is signed out at their next request; all of it audited', async () => {
    const { jar, user } = await fundedUser(t, 'to-suspend@example.com', 1000);
    const suspended = await t.request('PATCH', `/api/admin/suspend/${user._id}`, {
      jar: admin,
      body: {},
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(suspended.json()).toMatchObject({ isSuspended: true });
    expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(401);
    expect((await t.request('PATCH', `/api/admin/suspend/${user._id}`, { jar: admin, body: {} })).json()).toMatchObject(
      {
        isSuspended: false,
      },
    );
    const { entries } = (
      await t.request('GET', `/api/admin/audit?targetUserId=${user._id}&actorId=${adminId}`, { jar: admin })
    ).json();
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'admin.user_activated',
      'admin.user_suspended',
    ]);
    expect(entries[1]).toMatchObject({
      actor: { _id: adminId, email: 'console-admin@example.com' },
      target: { _id: user._id, email: 'to-suspend@example.com' },
    });
    expect(entries[1].ip).toEqual(expect.any(String));
  });

  it('refuses to suspend oneself or another admin, or to turn off another admin 2FA', async () => {
    await ensureUser(t.deps, { role: 'admin', email: 'other-admin@example.com', password: STRONG_PASSWORD });
    const other = await signInAgain(t, 'other-admin@example.com');
    const otherId = (await t.request('GET', '/api/user', { jar: other })).json()._id;
    await t.request('PATCH', '/api/user/2fa', { jar: other, body: { enabled: true } });
    for (const id of [adminId, otherId]) {
      expect((await t.request('PATCH', `/api/admin/suspend/${id}`, { jar: admin, body: {} })).statusCode).toBe(403);
    }
    const off = await t.request('PATCH', `/api/admin/2fa/${otherId}`, { jar: admin, body: { enabled: false } });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe("You cannot turn off another administrator's two-factor authentication.");
    const refused = (
      await t.request('GET', `/api/admin/audit?actorId=${adminId}&action=admin.action_refused`, { jar: admin })
    ).json();
    expect(
      refused.entries
        .filter((entry: { target: { _id: string } }) => [adminId, otherId].includes(entry.target._id))
        .map((entry: { target: { _id: string }; details: { attempted: string } }) => [
          entry.target._id,
          entry.details.attempted,
        ]),
    ).toEqual([
      [otherId, 'two_factor_off'],
      [otherId, 'suspend'],
      [adminId, 'suspend'],
    ]);
    const { user } = await fundedUser(t, 'two-factor-by-admin@example.com', 1000);
    expect(
      (await t.request('PATCH', `/api/admin/2fa/${user._id}`, { jar: admin, body: { enabled: true } })).json(),
    ).toMatchObject({
      isTwoFactorEnabled: true,
    });
    const { entries } = (
      await t.request('GET', `/api/admin/audit?targetUserId=${user._id}&action=admin.two_factor_enabled`, {
        jar: admin,
      })
    ).json();
    expect(entries).toHaveLength(1);
  });

  it("blocks a user's card, which its owner cannot unfreeze until an admin lifts the block", async () => {
    const { jar, cardId, user } = await userWithCard(t, 'blocked-card@example.com', { onCard: 1000 });
    const blocked = await t.request('PATCH', `/api/admin/cards/${cardId}/freeze`, { jar: admin, body: {} });
    expect(blocked.json().card).toMatchObject({ status: 'frozen', frozenReason: 'admin' });
    const byOwner = await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar });
    expect(byOwner.statusCode).toBe(403);
    expect((await t.request('GET', `/api/admin/users/${user._id}/cards`, { jar: admin })).json()).toMatchObject([
      { _id: cardId, status: 'frozen', frozenReason: 'admin', balance: 1000 },
    ]);
    const lifted = await t.request('PATCH', `/api/admin/cards/${cardId}/unfreeze`, { jar: admin, body: {} });
    expect(lifted.json().card).toMatchObject({ status: 'active', frozenReason: null });
    const again = await t.request('PATCH', `/api/admin/cards/${cardId}/unfreeze`, { jar: admin, body: {} });
    expect(again.statusCode).toBe(400);
    const { entries } = (await t.request('GET', `/api/admin/audit?targetUserId=${user._id}`, { jar: admin })).json();
    expect(
      entries
        .filter((entry: { action: string }) => entry.action.startsWith('admin.card'))
        .map((e: { action: string }) => e.action),
    ).toEqual(['admin.card_unfrozen', 'admin.card_frozen']);
  });

  it("lists a user's top-ups and reads the audit log by date range", async () => {
    const { user } = await fundedUser(t, 'deposits-of@example.com', 2500);
    const page = (await t.request('GET', `/api/admin/users/${user._id}/deposits`, { jar: admin })).json();
    expect(page.transactions).toMatchObject([{ amount: 2500, status: 'PAID', email: 'deposits-of@example.com' }]);
    const now = t.deps.now();
    const from = new Date(now.getTime() - 60_000).toISOString();
    const to = new Date(now.getTime() + 60_000).toISOString();
    const recent = (
      await t.request('GET', `/api/admin/audit?targetUserId=${user._id}&from=${from}&to=${to}`, { jar: admin })
    ).json();
    expect(recent.entries.length).toBeGreaterThan(0);
    const before = (
      await t.request(
        'GET',
        `/api/admin/audit?targetUserId=${user._id}&to=${new Date(now.getTime() - 3_600_000).toISOString()}`,
        {
          jar: admin,
        },
      )
    ).json();
    expect(before).toMatchObject({ entries: [], meta: { total: 0 } });
  });
});
