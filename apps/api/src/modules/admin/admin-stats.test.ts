import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { createCard, fundedUser, settleIssuer, signInAgain } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { chargeMonthlyFees } from '../cards/monthly-fees.service.js';
import { growth } from './admin-stats.service.js';

/**
 * The admin figures against a data set built by hand, with answers worked out on paper: UTC day boundaries, a week
 * with nothing before it, shares with decimals, what counts as a card and as a paid invoice.
 */
let t: TestApp;
let admin: CookieJar;
const DAY = 24 * 60 * 60_000;
let midnight: number;

const at = (daysAgo: number, msIntoDay: number) => new Date(midnight - daysAgo * DAY + msIntoDay).toISOString();
const LAST_MS = DAY - 1;

async function insertUser(createdAt: string, role: 'user' | 'admin' = 'user') {
  const id = uuidv7();
  await executeRows(
    t.deps.db,
    sql`insert into users (id, email, password_hash, role, verified, created_at, updated_at)
        values (${id}, ${`hand-${id}@example.com`}, 'x', ${role}, true, ${createdAt}, ${createdAt})`,
  );
  return id;
}

async function insertCard(userId: string, createdAt: string, status = 'active') {
  await executeRows(
    t.deps.db,
    sql`insert into cards (id, user_id, issuer, name, status, frozen_reason, next_fee_due_at, created_at, updated_at)
        values (${uuidv7()}, ${userId}, 'sandbox', 'Hand', ${status}, ${status === 'frozen' ? 'user' : null},
          ${createdAt}, ${createdAt}, ${createdAt})`,
  );
}

async function insertDeposit(userId: string, status: string, credited: number, paidAt: string) {
  const id = uuidv7();
  await executeRows(
    t.deps.db,
    sql`insert into deposits (id, user_id, order_id, provider, currency, network, amount, amount_paid, credited_amount,
          status, request_hash, created_at, updated_at)
        values (${id}, ${userId}, ${`hand-${id}`}, 'sandbox', 'USDT', 'TRON', 5000, ${credited}, ${credited},
          ${status}, 'x', ${paidAt}, ${paidAt})`,
  );
}

const dashboard = async (query = '') =>
  (await t.request('GET', `/api/admin/stats/dashboard${query}`, { jar: admin })).json();

beforeAll(async () => {
  t = await createTestApp();
  midnight = new Date(`${t.deps.now().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
  await ensureUser(t.deps, { role: 'admin', email: 'figures-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'figures-admin@example.com');

  // Users: 3 today (one a millisecond after midnight), 2 in yesterday's last millisecond, 1 eight days ago; an admin.
  const alice = await insertUser(at(0, 1));
  const bob = await insertUser(at(0, 60_000));
  const carol = await insertUser(at(0, 3_600_000));
  await insertUser(at(1, LAST_MS));
  await insertUser(at(1, LAST_MS));
  const old = await insertUser(at(8, 12 * 3_600_000));
  await insertUser(at(0, 5000), 'admin');

  // Cards: 2 today and 1 refused by the issuer today (not created); none in the week before.
  await insertCard(alice, at(0, 7_200_000));
  await insertCard(bob, at(0, 7_300_000), 'frozen');
  await insertCard(carol, at(0, 7_400_000), 'failed');

  // Paid top-ups: 2 this week (today's first millisecond, yesterday's last), 3 ten days ago; plus ones that do not count.
  await insertDeposit(alice, 'PAID', 10_000, at(0, 0));
  await insertDeposit(bob, 'PAID_OVER', 25_000, at(1, LAST_MS));
  await insertDeposit(carol, 'PAID_LESS', 1_500, at(10, 0));
  await insertDeposit(old, 'PAID', 3_000, at(10, 1000));
  await insertDeposit(old, 'PAID', 3_000, at(10, 2000));
  await insertDeposit(alice, 'EXPIRED', 0, at(0, 5000));
  await insertDeposit(bob, 'PENDING', 0, at(0, 6000));
});
afterAll(async () => {
  await expectLedgerInvariants(t.deps.db);
  await t.close();
});

describe('growth', () => {
  it('compares the last 7 days with the 7 before, to one decimal, 100 from nothing', () => {
    expect(growth(5, 1)).toBe(400);
    expect(growth(2, 3)).toBe(-33.3);
    expect(growth(3, 0)).toBe(100);
    expect(growth(0, 0)).toBe(0);
    expect(growth(1, 3)).toBe(-66.7);
  });
});

describe('the admin dashboard figures', () => {
  it('match the hand-built data set', async () => {
    const stats = await dashboard();
    expect(stats).toMatchObject({
      totalUsers: 6,
      usersGrowth: 400,
      totalCards: 2,
      cardsGrowth: 100,
      totalPaidInvoices: 5,
      paidInvoicesGrowth: -33.3,
      totalFunds: 42_500,
    });
    const days = stats.last7daysStats;
    expect(days).toHaveLength(7);
    expect(days[6]).toEqual({
      date: new Date(midnight).toISOString().slice(0, 10),
      usersRegistered: 3,
      cardsCreated: 2,
      paidInvoices: 1,
    });
    expect(days[5]).toEqual({
      date: new Date(midnight - DAY).toISOString().slice(0, 10),
      usersRegistered: 2,
      cardsCreated: 0,
      paidInvoices: 1,
    });
    expect(days.slice(0, 5).every((day: { usersRegistered: number }) => day.usersRegistered === 0)).toBe(true);
    expect(stats.top5Users.map((row: { accountLoad: number }) => row.accountLoad)).toEqual([
      25_000, 10_000, 6_000, 1_500,
    ]);
    expect(stats.paidTransactions.meta).toEqual({ page: 1, pageSize: 5, total: 5, pages: 1 });
    expect(stats.paidTransactions.transactions.map((row: { amountPaid: number }) => row.amountPaid)).toEqual([
      10_000, 25_000, 3_000, 3_000, 1_500,
    ]);
  });

  it('move with what people do in the app, and page recent paid top-ups by 5', async () => {
    const before = await dashboard();
    const { jar } = await fundedUser(t, 'live-figures@example.com', 7_000);
    await createCard(t, jar);
    const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 1000 })).json();
    await payInSandbox(t, deposit.paymentUrl, 'cancel');
    const after = await dashboard();
    expect(after.totalUsers - before.totalUsers).toBe(1);
    expect(after.totalCards - before.totalCards).toBe(1);
    expect(after.totalPaidInvoices - before.totalPaidInvoices).toBe(1);
    expect(after.totalFunds - before.totalFunds).toBe(7_000);
    expect(after.last7daysStats[6].usersRegistered - before.last7daysStats[6].usersRegistered).toBe(1);
    expect(after.top5Users[2]).toMatchObject({ email: 'live-figures@example.com', accountLoad: 7_000 });
    const second = await dashboard('?paidPage=2');
    expect(second.paidTransactions.meta).toMatchObject({ page: 2, total: 6, pages: 2 });
    expect(second.paidTransactions.transactions).toHaveLength(1);
    expect((await t.request('GET', '/api/admin/stats/dashboard?paidPage=0', { jar: admin })).statusCode).toBe(400);
  });
});

describe("one user's figures", () => {
  it('count cards, the revenue of each kind, and referrals', async () => {
    const { jar, user } = await fundedUser(t, 'one-user@example.com', 20_000);
    const first = (await createCard(t, jar, { name: 'One', pin: 1 })).json().card._id;
    const second = (await createCard(t, jar, { name: 'Two', pin: 2 })).json().card._id;
    await t.request('PATCH', `/api/cards/${first}/load`, { jar, body: { amount: 2000 } });
    await t.request('PATCH', `/api/cards/${second}/load`, { jar, body: { amount: 1000 } });
    await settleIssuer(t);
    await t.request('PATCH', `/api/cards/${second}/freeze`, { jar });
    t.clock.advance(32 * DAY);
    await chargeMonthlyFees(t.deps);
    const later = await signInAgain(t, 'figures-admin@example.com');
    const stats = (await t.request('GET', `/api/admin/stats/user/${user._id}`, { jar: later })).json();
    expect(stats).toMatchObject({
      user: { _id: user._id, email: 'one-user@example.com' },
      cards: { cardsCreated: 2, activeCards: 1, totalCardBalance: 3000 },
      transactions: {
        earnedFromCardCreation: 3000,
        earnedFromFundingFees: 200 + 150,
        earnedFromMonthlyFees: 200,
        totalRevenue: 3000 + 350 + 200,
      },
      referrals: { totalReferrals: 0, totalReferralEarning: 0, totalReferralWithdrawn: 0 },
    });
    expect(stats.user.balance).toBe(20_000 - 3000 - 2200 - 1150 - 200);
  });
});
