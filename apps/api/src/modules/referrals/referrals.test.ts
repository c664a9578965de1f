import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { balanceOf, createCard, fundedUser, verifyCardholder } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usingPostgres } from '../../test/test-database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await expectLedgerInvariants(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

const pg = usingPostgres ? ' (PostgreSQL)' : '';
let counter = 0;
const unique = (name: string) => `${name}-${++counter}@example.com`;

async function topUp(jar: CookieJar, cents: number) {
  const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: cents })).json();
  expect((await payInSandbox(t, deposit.paymentUrl, 'paid')).statusCode).toBe(200);
}

/** A referrer with an active link: verified, and $50 in the balance. */
const referrer = (balance = 5000) => fundedUser(t, unique('referrer'), balance);

/** Somebody who signs up through `code`'s link and opens the verification mail. */
async function referredBy(code: string, email = unique('friend')) {
  const signedUp = await t.signUpVerified(email, { referredBy: code });
  await verifyCardholder(t, signedUp.jar);
  return signedUp;
}

const stats = async (jar: CookieJar) => (await t.request('GET', '/api/referrals/stats', { jar })).json();
const summary = async (jar: CookieJar, page = 1) =>
  (await t.request('GET', `/api/referrals?page=${page}`, { jar })).json();

describe('a referral at verification', () => {
  it("applies when the referrer holds $50: SIGNUP earns the referrer $1, held until the friend's first top-up", async () => {
    const ref = await referrer();
    const friend = await referredBy(ref.user._id, 'jonathan.doe@mail.example');
    expect(friend.verifyResponse.referral).toEqual({ referralAttempted: true, referrerEligible: true });
    expect(await stats(ref.jar)).toEqual({
      totalEarnings: 100,
      heldEarnings: 100,
      totalWithdrawn: 0,
      withdrawableAmount: 0,
      remainingToNextPayout: 2500,
      availableEarnings: 0,
      totalReferrals: 1,
    });
    expect((await summary(ref.jar)).referrals).toEqual([
      expect.objectContaining({
        refferedUseremail: 'jo...@mail.example',
        event: 'SIGNUP',
        referrerUserReward: 100,
        status: 'held',
      }),
    ]);
    await topUp(friend.jar, 1000);
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 100, heldEarnings: 0, availableEarnings: 100 });
    expect((await summary(ref.jar)).referrals).toEqual([expect.objectContaining({ event: 'SIGNUP', status: 'paid' })]);
    expect(await summary(friend.jar)).toMatchObject({
      isReferred: true,
      firstCardCreationReward: { earned: false, amount: 500 },
    });
    expect(await balanceOf(t, ref.jar)).toBe(5000);
  });

  it.each([
    ['the referrer holds less than $50', async () => (await referrer(4999)).user._id, 'referrer_balance_low'],
    ['the code names nobody', async () => '01a20301-0000-7000-8000-000000000000', 'referrer_not_found'],
    ['the code is not a user id', async () => 'FRIEND50', 'invalid_code'],
    [
      'the referrer is suspended',
      async () => {
        const ref = await referrer();
        await executeRows(t.deps.db, sql`update users set suspended = true where id = ${ref.user._id}`);
        return ref.user._id;
      },
      'referrer_suspended',
    ],
    [
      'the referrer never verified',
      async () => {
        await t.signUp('unverified-referrer@example.com');
        const [row] = await executeRows<{ id: string }>(
          t.deps.db,
          sql`select id from users where email = 'unverified-referrer@example.com'`,
        );
        return String(row?.id);
      },
      'referrer_not_verified',
    ],
  ])('is only attempted when %s', async (_label, codeOf, reason) => {
    const code = await codeOf();
    const friend = await referredBy(code);
    expect(friend.verifyResponse.referral).toEqual({ referralAttempted: true, referrerEligible: false });
    const [row] = await executeRows(
      t.deps.db,
      sql`select status, reason from referrals where referred_user_id = ${friend.user._id}`,
    );
    expect(row).toEqual({ status: 'not_applied', reason });
    expect(await summary(friend.jar)).toMatchObject({ isReferred: false, firstCardCreationReward: { amount: 0 } });
  });

  it("does not apply to the referrer's own address with a +tag", async () => {
    const ref = await fundedUser(t, 'same.person@example.com', 5000);
    const twin = await referredBy(ref.user._id, 'Same.Person+bonus@example.com');
    expect(twin.verifyResponse.referral).toEqual({ referralAttempted: true, referrerEligible: false });
    expect((await stats(ref.jar)).totalEarnings).toBe(0);
  });

  it('is not attempted without a code', async () => {
    const plain = await t.signUpVerified(unique('plain'));
    expect(plain.verifyResponse.referral).toEqual({ referralAttempted: false, referrerEligible: false });
  });
});

describe('the first card reward', () => {
  it('pays $5 to each side with the first card, in its creation, and never again', async () => {
    const ref = await referrer();
    const friend = await referredBy(ref.user._id);
    await topUp(friend.jar, 5000);
    const first = await createCard(t, friend.jar, { name: 'First', pin: 1111 });
    expect(first.json()).toMatchObject({ reward: 500, card: { status: 'active' } });
    expect(await balanceOf(t, friend.jar)).toBe(5000 - 1500 + 500);
    const second = await createCard(t, friend.jar, { name: 'Second', pin: 2222 });
    expect(second.json().reward).toBe(0);
    expect((await stats(ref.jar)).totalEarnings).toBe(600);
    expect((await summary(ref.jar)).referrals.map((r: { event: string }) => r.event)).toEqual(['FIRST_CARD', 'SIGNUP']);
    expect(await summary(friend.jar)).toMatchObject({ firstCardCreationReward: { earned: true, amount: 500 } });
  });

  it(`is paid once when 10 first cards are created at once${pg}`, async () => {
    const ref = await referrer();
    const friend = await referredBy(ref.user._id);
    await topUp(friend.jar, 20_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createCard(t, friend.jar, { name: `Card ${i}`, pin: i }).then((r) => r)),
    );
    const created = answers.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(3);
    expect(created.map((response) => response.json().reward).sort()).toEqual([0, 0, 500]);
    expect(await balanceOf(t, friend.jar)).toBe(20_000 - 3 * 1500 + 500);
    expect((await stats(ref.jar)).totalEarnings).toBe(600);
  });

  it('goes back when the issuer refuses the card, and comes with the next one', async () => {
    const ref = await referrer();
    const friend = await referredBy(ref.user._id);
    await topUp(friend.jar, 5000);
    const real = t.deps.issuer.createCard;
    t.deps.issuer.createCard = async () => {
      throw new IssuerError('refused', 'Not now');
    };
    try {
      expect((await createCard(t, friend.jar)).statusCode).toBe(502);
    } finally {
      t.deps.issuer.createCard = real;
    }
    expect(await balanceOf(t, friend.jar)).toBe(5000);
    expect((await stats(ref.jar)).totalEarnings).toBe(100);
    expect((await createCard(t, friend.jar)).json().reward).toBe(500);
    expect((await stats(ref.jar)).totalEarnings).toBe(600);
  });

  it('is nothing for a card of someone nobody referred', async () => {
    const solo = await fundedUser(t, unique('solo'), 5000);
    expect((await createCard(t, solo.jar)).json().reward).toBe(0);
  });
});

describe('withdrawing referral earnings', () => {
  /** A referrer who earned $30: five friends who each verified and created a first card. */
  async function earner() {
    const ref = await referrer();
    for (let i = 0; i < 5; i += 1) {
      const friend = await referredBy(ref.user._id);
      await topUp(friend.jar, 2000);
      expect((await createCard(t, friend.jar)).statusCode).toBe(201);
    }
    return ref;
  }

  it('refuses below $25 and moves the whole amount from $25', async () => {
    const small = await referrer();
    await referredBy(small.user._id);
    const tooSmall = await t.request('POST', '/api/referrals/withdraw', { jar: small.jar, body: {} });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe(
      'You have no referral earnings to withdraw yet. $1.00 more is held until your friends add money or get their card.',
    );

    const ref = await earner();
    expect(await stats(ref.jar)).toMatchObject({
      totalEarnings: 3000,
      withdrawableAmount: 3000,
      remainingToNextPayout: 0,
    });
    const withdrawn = await t.request('POST', '/api/referrals/withdraw', { jar: ref.jar, body: {} });
    expect(withdrawn.json()).toEqual({ message: '$30.00 of referral earnings moved to your balance.', amount: 3000 });
    expect(await balanceOf(t, ref.jar)).toBe(5000 + 3000);
    expect(await stats(ref.jar)).toMatchObject({
      totalEarnings: 3000,
      totalWithdrawn: 3000,
      withdrawableAmount: 0,
      availableEarnings: 0,
      remainingToNextPayout: 2500,
    });
    const again = await t.request('POST', '/api/referrals/withdraw', { jar: ref.jar, body: {} });
    expect(again.json().message).toBe('You have no referral earnings to withdraw yet.');
  });

  it(`pays once when 10 withdrawals arrive at once${pg}`, async () => {
    const ref = await earner();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', '/api/referrals/withdraw', { jar: ref.jar, body: {} }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
    expect(await balanceOf(t, ref.jar)).toBe(5000 + 3000);
  });
});

describe('who may see referrals', () => {
  it('asks for a signed-in user and keeps each user to their own', async () => {
    expect((await t.request('GET', '/api/referrals', {})).statusCode).toBe(401);
    const ref = await referrer();
    await referredBy(ref.user._id);
    const other = await referrer();
    expect((await summary(other.jar)).referrals).toEqual([]);
    expect((await stats(other.jar)).totalEarnings).toBe(0);
    expect((await t.request('GET', '/api/referrals?page=0', { jar: ref.jar })).statusCode).toBe(400);
  });
});
