import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cards, deposits, sandboxIssuerTransactions, users } from '../db/schema/index.js';
import { balanceOf } from '../modules/ledger/ledger-read.js';
import { createDeposit, payInSandbox } from '../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedDemoHistory } from './demo-history.js';
import { DEMO_PURCHASES, DEMO_TOP_UPS, DEMO_USER_AGE_DAYS } from './demo-history-plan.js';
import { DEMO_USER, ensureStartupUsers } from './ensure-users.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await ensureStartupUsers(t.deps, true);
});

afterAll(async () => {
  await t.close();
});

async function demoUser() {
  const [user] = await t.deps.db.select().from(users).where(eq(users.email, DEMO_USER.email));
  if (!user) throw new Error('no demo user');
  return user;
}

/** Everything the seed makes, counted: the same after a second run means nothing was done twice. */
async function footprint(userId: string) {
  const [topUps] = await t.deps.db.select({ n: count() }).from(deposits).where(eq(deposits.userId, userId));
  const [userCards] = await t.deps.db.select({ n: count() }).from(cards).where(eq(cards.userId, userId));
  const [issuerRows] = await t.deps.db.select({ n: count() }).from(sandboxIssuerTransactions);
  return {
    topUps: topUps?.n,
    cards: userCards?.n,
    issuerTransactions: issuerRows?.n,
    balance: await balanceOf(t.deps.db, { kind: 'user_balance', userId }),
  };
}

describe('seedDemoHistory', () => {
  it('opens the demo account weeks ago, so its history can start before today', async () => {
    const user = await demoUser();
    const age = t.deps.now().getTime() - user.createdAt.getTime();
    expect(Math.round(age / 86_400_000)).toBe(DEMO_USER_AGE_DAYS);
  });

  it('adds the history once; every step is keyed, so running it again without the marker adds nothing', async () => {
    const user = await demoUser();
    expect(await seedDemoHistory(t.deps, DEMO_USER.email, t.runJobs)).toBe('added');
    const after = await footprint(user.id);
    expect(after).toMatchObject({
      topUps: DEMO_TOP_UPS.length,
      cards: 1,
      issuerTransactions: DEMO_PURCHASES.length + 1,
    });
    const credited = await t.deps.db.select().from(deposits).where(eq(deposits.userId, user.id));
    // Each top-up was paid minutes after it was asked for, on its own day.
    for (const deposit of credited) {
      expect(deposit.status).toBe('PAID');
      expect(deposit.updatedAt.getTime() - deposit.createdAt.getTime()).toBeLessThanOrEqual(5 * 60_000);
    }
    expect(new Set(credited.map((deposit) => deposit.createdAt.toISOString().slice(0, 10))).size).toBe(
      DEMO_TOP_UPS.length,
    );

    expect(await seedDemoHistory(t.deps, DEMO_USER.email, t.runJobs)).toBe('already-added');
    // A start that stopped just before writing its marker: the next one walks every step again.
    await t.deps.db
      .delete(auditLog)
      .where(and(eq(auditLog.action, 'seed.demo_history_added'), eq(auditLog.targetUserId, user.id)));
    expect(await seedDemoHistory(t.deps, DEMO_USER.email, t.runJobs)).toBe('added');
    expect(await footprint(user.id)).toEqual(after);
    await expectLedgerInvariants(t.deps.db);
  });

  it('leaves a demo account someone has already used alone', async () => {
    const used = await t.signUpVerified('used-demo@example.com');
    const topUp = (
      await createDeposit(t, used.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 2000 })
    ).json() as { paymentUrl: string };
    await payInSandbox(t, topUp.paymentUrl, 'paid');
    expect(await seedDemoHistory(t.deps, 'used-demo@example.com', t.runJobs)).toBe('user-has-history');
    expect(await seedDemoHistory(t.deps, 'nobody@example.com', t.runJobs)).toBe('not-available');
  });
});
