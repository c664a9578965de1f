import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { fundedUser, settleIssuer, signInAgain, userWithCard } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { reconcileCardBalances } from '../cards/card-reconciliation.service.js';

// Admin controls that must hold when something else happens at the same moment or the issuer is away.

let t: TestApp;
let admin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'races-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'races-admin@example.com');
});
afterAll(async () => {
  await expectLedgerInvariants(t.deps.db);
  await t.close();
});

const issuerCardOf = async (cardId: string) => {
  const [row] = await executeRows<{ issuer_card_id: string }>(
    t.deps.db,
    sql`select issuer_card_id from cards where id = ${cardId}`,
  );
  return t.deps.issuer.getCard(String(row?.issuer_card_id));
};
const block = (cardId: string) => t.request('PATCH', `/api/admin/cards/${cardId}/freeze`, { jar: admin, body: {} });

describe('a card block by support', () => {
  it("holds at the issuer when the owner's unfreeze is already under way", async () => {
    const { jar, cardId } = await userWithCard(t, 'race-block@example.com', { onCard: 1000 });
    expect((await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar })).statusCode).toBe(200);
    // The owner's unfreeze has passed its checks and is at the issuer when support blocks the card.
    const real = t.deps.issuer.unfreezeCard;
    let blocked: Awaited<ReturnType<typeof block>> | undefined;
    t.deps.issuer.unfreezeCard = async (issuerCardId) => {
      blocked = await block(cardId);
      await real.call(t.deps.issuer, issuerCardId);
    };
    let unfrozen: Awaited<ReturnType<typeof t.request>>;
    try {
      unfrozen = await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar });
    } finally {
      t.deps.issuer.unfreezeCard = real;
    }
    expect(blocked?.json().card).toMatchObject({ status: 'frozen', frozenReason: 'admin' });
    expect(unfrozen.statusCode).toBe(409);
    expect((await issuerCardOf(cardId)).isActive).toBe(false);
  });

  it('is enforced at the issuer by the reconciliation job when the issuer was away', async () => {
    const { cardId } = await userWithCard(t, 'block-issuer-away@example.com', { onCard: 1000 });
    const real = t.deps.issuer.freezeCard;
    t.deps.issuer.freezeCard = async () => {
      throw new IssuerError('unavailable', 'The issuer is down');
    };
    let blocked: Awaited<ReturnType<typeof block>>;
    try {
      blocked = await block(cardId);
    } finally {
      t.deps.issuer.freezeCard = real;
    }
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().message).toMatch(/issuer could not be reached/);
    expect(blocked.json().card).toMatchObject({ status: 'frozen', frozenReason: 'admin' });
    expect((await issuerCardOf(cardId)).isActive).toBe(true);
    await reconcileCardBalances(t.deps);
    expect((await issuerCardOf(cardId)).isActive).toBe(false);
  });

  it('is enforced at the issuer by the reconciliation job even with a load on its way', async () => {
    const { jar, cardId } = await userWithCard(t, 'block-in-transit@example.com', { onCard: 1000 });
    const load = await t.request('PATCH', `/api/cards/${cardId}/load`, {
      jar,
      body: { amount: 500, includesFee: false },
    });
    expect(load.statusCode).toBe(200);
    const real = t.deps.issuer.freezeCard;
    t.deps.issuer.freezeCard = async () => {
      throw new IssuerError('unavailable', 'The issuer is down');
    };
    try {
      expect((await block(cardId)).json().message).toMatch(/issuer could not be reached/);
    } finally {
      t.deps.issuer.freezeCard = real;
    }
    expect((await issuerCardOf(cardId)).isActive).toBe(true);
    await reconcileCardBalances(t.deps);
    expect((await issuerCardOf(cardId)).isActive).toBe(false);
    await settleIssuer(t);
  });

  it('is retried at each check, not in a loop, while the issuer stays away', async () => {
    const { cardId } = await userWithCard(t, 'block-issuer-gone@example.com');
    const real = { freezeCard: t.deps.issuer.freezeCard, getCard: t.deps.issuer.getCard };
    let freezeCalls = 0;
    t.deps.issuer.freezeCard = async () => {
      freezeCalls += 1;
      throw new IssuerError('unavailable', 'The issuer is down');
    };
    t.deps.issuer.getCard = async () => {
      throw new IssuerError('unavailable', 'The issuer is down');
    };
    try {
      await block(cardId);
      await reconcileCardBalances(t.deps);
      await reconcileCardBalances(t.deps);
    } finally {
      Object.assign(t.deps.issuer, real);
    }
    // The block's own try, then its job's first run (the engine retries it later, with back-off); reconciliation
    // leaves the freeze to that job.
    expect(freezeCalls).toBe(2);
    const [row] = await executeRows<{ checked: string | null }>(
      t.deps.db,
      sql`select balance_checked_at as checked from cards where id = ${cardId}`,
    );
    expect(row?.checked).not.toBeNull();
  });

  it('keeps the card and its money from its owner, who cannot delete it', async () => {
    const { jar, cardId } = await userWithCard(t, 'blocked-delete@example.com', { balance: 10_000, onCard: 3000 });
    expect((await block(cardId)).statusCode).toBe(200);
    const deleted = await t.request('DELETE', `/api/cards/${cardId}`, { jar });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toMatch(/frozen by CoinCard support/);
    const cards = (await t.request('GET', '/api/cards', { jar })).json();
    expect(cards).toMatchObject([{ _id: cardId, status: 'frozen', balance: 3000 }]);
  });

  it("lifted, puts back the owner's own freeze instead of turning the card on", async () => {
    const { jar, cardId, user } = await userWithCard(t, 'owner-froze@example.com');
    expect((await t.request('PATCH', `/api/cards/${cardId}/freeze`, { jar, body: {} })).statusCode).toBe(200);
    expect((await block(cardId)).statusCode).toBe(200);
    expect((await block(cardId)).statusCode).toBe(200);
    const lifted = await t.request('PATCH', `/api/admin/cards/${cardId}/unfreeze`, { jar: admin, body: {} });
    expect(lifted.json()).toMatchObject({
      message: 'The block is lifted; the card stays frozen, as its owner had frozen it.',
      card: { status: 'frozen' },
    });
    expect((await issuerCardOf(cardId)).isActive).toBe(false);
    const again = await t.request('PATCH', `/api/admin/cards/${cardId}/unfreeze`, { jar: admin, body: {} });
    expect(again.statusCode).toBe(400);
    const { entries } = (await t.request('GET', `/api/admin/audit?targetUserId=${user._id}`, { jar: admin })).json();
    const byAdmins = entries.filter((entry: { action: string }) => entry.action.startsWith('admin.'));
    expect(
      byAdmins.map((entry: { action: string; details: Record<string, unknown> }) => [entry.action, entry.details]),
    ).toEqual([
      [
        'admin.action_refused',
        { attempted: 'card_unblock', reason: 'This card has no block by support to lift.', cardId },
      ],
      ['admin.card_unfrozen', { cardId, after: 'user' }],
      ['admin.card_frozen', { cardId, unchanged: true }],
      ['admin.card_frozen', { cardId, before: 'frozen', frozenReason: 'user' }],
    ]);
    expect((await t.request('PATCH', `/api/cards/${cardId}/unfreeze`, { jar, body: {} })).statusCode).toBe(200);
  });

  it('answers 404 for a card deleted before the block, and records nothing', async () => {
    const { jar, cardId, user } = await userWithCard(t, 'deleted-first@example.com');
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { jar })).statusCode).toBe(200);
    expect((await block(cardId)).statusCode).toBe(404);
    const { entries } = (
      await t.request('GET', `/api/admin/audit?targetUserId=${user._id}&action=admin.card_frozen`, { jar: admin })
    ).json();
    expect(entries).toEqual([]);
  });
});

describe('suspending', () => {
  it('with the state wanted, a retried request leaves the account as asked', async () => {
    const { user } = await fundedUser(t, 'double-suspend@example.com', 1000);
    const suspend = () =>
      t.request('PATCH', `/api/admin/suspend/${user._id}`, { jar: admin, body: { suspended: true } });
    const [first, second] = await Promise.all([suspend(), suspend()]);
    expect(first?.json().isSuspended).toBe(true);
    expect(second?.json().isSuspended).toBe(true);
    expect((await suspend()).json().isSuspended).toBe(true);
    const { entries } = (
      await t.request('GET', `/api/admin/audit?targetUserId=${user._id}&action=admin.user_suspended`, { jar: admin })
    ).json();
    // Every request is someone's action and is recorded; only the first changed anything.
    expect(
      entries.map((entry: { details: { unchanged?: boolean } }) => entry.details.unchanged === true).sort(),
    ).toEqual([false, true, true]);
    const activated = await t.request('PATCH', `/api/admin/suspend/${user._id}`, {
      jar: admin,
      body: { suspended: false },
    });
    expect(activated.json()).toEqual({ isSuspended: false, message: 'The account is active again.' });
  });

  it('refuses a state that is not true or false', async () => {
    const { user } = await fundedUser(t, 'odd-suspend@example.com', 1000);
    const odd = await t.request('PATCH', `/api/admin/suspend/${user._id}`, { jar: admin, body: { suspended: 'yes' } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/suspended must be true or false/);
  });
});
