import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { balanceOf, cardOf, createCard, fundedUser, signInAgain, verifyCardholder } from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

// Rewards are held until the friend's money is real (docs/referrals.md), so sign-ups, retries and refused cards
// cannot be turned into withdrawable money.

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

let counter = 0;
const unique = (name: string) => `${name}-${++counter}@example.com`;
const stats = async (jar: CookieJar) => (await t.request('GET', '/api/referrals/stats', { jar })).json();
const withdraw = (jar: CookieJar) => t.request('POST', '/api/referrals/withdraw', { jar, body: {} });

async function topUp(jar: CookieJar, cents: number) {
  const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: cents })).json();
  expect((await payInSandbox(t, deposit.paymentUrl, 'paid')).statusCode).toBe(200);
}

async function friendOf(referrerId: string) {
  const friend = await t.signUpVerified(unique('friend'), { referredBy: referrerId });
  await verifyCardholder(t, friend.jar);
  return friend;
}

/** Verifies the account through a password reset instead of the verification link; answers a signed-in jar. */
async function verifyByPasswordReset(email: string): Promise<CookieJar> {
  expect((await t.request('POST', '/api/auth/password/forgot', { body: { email } })).statusCode).toBe(200);
  const mail = await t.smtp.latest(email, 'Reset your password');
  const code = mail.text.match(/\/password\/reset\?code=([A-Za-z0-9_-]+)/)?.[1];
  const reset = await t.request('POST', '/api/auth/password/reset', {
    body: { password: STRONG_PASSWORD, verificationCode: code },
  });
  expect(reset.statusCode).toBe(200);
  return signInAgain(t, email);
}

describe('sign-ups that never bring money', () => {
  it('cannot be verified through a reset link sent before the account was suspended', async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    const email = unique('suspended-friend');
    await t.signUp(email, { referredBy: ref.user._id });
    expect((await t.request('POST', '/api/auth/password/forgot', { body: { email } })).statusCode).toBe(200);
    const mail = await t.smtp.latest(email, 'Reset your password');
    const code = mail.text.match(/\/password\/reset\?code=([A-Za-z0-9_-]+)/)?.[1];
    await executeRows(t.deps.db, sql`update users set suspended = true where lower(email) = ${email}`);
    const reset = await t.request('POST', '/api/auth/password/reset', {
      body: { password: STRONG_PASSWORD, verificationCode: code },
    });
    expect(reset.statusCode).toBe(403);
    const [row] = await executeRows<{ verified: boolean }>(
      t.deps.db,
      sql`select verified from users where lower(email) = ${email}`,
    );
    expect(row?.verified).toBe(false);
    expect((await t.request('GET', '/api/referrals', { jar: ref.jar })).json().referrals).toEqual([]);
  });

  it('earn the referrer nothing withdrawable, however many there are', async () => {
    const farmer = await fundedUser(t, unique('farmer'), 5000);
    for (let i = 0; i < 25; i += 1) {
      await t.signUpVerified(`throwaway${i}@catch-all.example`, { referredBy: farmer.user._id });
    }
    expect(await stats(farmer.jar)).toMatchObject({
      totalEarnings: 2500,
      heldEarnings: 2500,
      availableEarnings: 0,
      withdrawableAmount: 0,
    });
    const refused = await withdraw(farmer.jar);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/\$25\.00 more is held/);
    expect(await balanceOf(t, farmer.jar)).toBe(5000);
  });
});

describe('an account verified by a password reset', () => {
  it('has its referral judged once, and not applied: the code may be a stranger who signed the address up first', async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    const email = unique('reset-friend');
    await t.signUp(email, { referredBy: ref.user._id });
    const jar = await verifyByPasswordReset(email);
    const me = (await t.request('GET', '/api/user', { jar })).json();
    expect(me.verified).toBe(true);
    const rows = await executeRows(
      t.deps.db,
      sql`select status, reason from referrals where referred_user_id = ${me._id}`,
    );
    expect(rows).toEqual([{ status: 'not_applied', reason: 'verified_by_password_reset' }]);
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 0, heldEarnings: 0 });
  });

  it('voids the verification link, so a late open cannot judge the referral again or pay with a later card', async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    const email = unique('late-friend');
    const { code } = await t.signUp(email, { referredBy: ref.user._id });
    const jar = await verifyByPasswordReset(email);
    await verifyCardholder(t, jar);
    await topUp(jar, 5000);
    const late = await t.request('GET', `/api/auth/email/verify/${code}`, { jar: new CookieJar() });
    expect(late.statusCode).toBe(400);
    expect((await createCard(t, jar, { name: 'First', pin: 1 })).json().reward).toBe(0);
    expect((await stats(ref.jar)).totalEarnings).toBe(0);
  });
});

describe('the SIGNUP reward', () => {
  it('is not released by a dust payment, only once the friend has brought the smallest top-up', async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    const friend = await friendOf(ref.user._id);
    const dust = (await createDeposit(t, friend.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 1000 })).json();
    expect((await payInSandbox(t, dust.paymentUrl, 'wrong_amount', '0.01')).statusCode).toBe(200);
    expect(await balanceOf(t, friend.jar)).toBe(1);
    expect(await stats(ref.jar)).toMatchObject({ heldEarnings: 100, availableEarnings: 0 });
    const rest = (await createDeposit(t, friend.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 1000 })).json();
    expect((await payInSandbox(t, rest.paymentUrl, 'wrong_amount', '9.99')).statusCode).toBe(200);
    expect(await stats(ref.jar)).toMatchObject({ heldEarnings: 0, availableEarnings: 100 });
  });
});

describe('a referral squatted on an address nobody verified', () => {
  it('pays the squatter nothing when the owner, told the address is taken, resets the password', async () => {
    const squatter = await fundedUser(t, unique('squatter'), 5000);
    const email = unique('victim');
    await t.signUp(email, { referredBy: squatter.user._id, password: 'Squatter-Knows-This-9' });
    const again = await t.request('POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(201);
    await t.smtp.latest(email, 'Someone tried to sign up');
    const jar = await verifyByPasswordReset(email);
    await verifyCardholder(t, jar);
    await topUp(jar, 5000);
    expect((await createCard(t, jar)).json().reward).toBe(0);
    const squatterLogin = await t.request('POST', '/api/auth/login', {
      body: { email, password: 'Squatter-Knows-This-9' },
    });
    expect(squatterLogin.statusCode).toBe(401);
    expect((await stats(squatter.jar)).totalEarnings).toBe(0);
  });
});

describe('a first card', () => {
  it('refused by the issuer leaves the reward to the next card created, even with another card meanwhile', async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    const friend = await friendOf(ref.user._id);
    await topUp(friend.jar, 10_000);
    const real = t.deps.issuer.createCard;
    t.deps.issuer.createCard = async () => {
      throw new IssuerError('unavailable', 'The issuer is down');
    };
    let pending: Awaited<ReturnType<typeof createCard>>;
    try {
      pending = await createCard(t, friend.jar, { name: 'Pending', pin: 1 });
    } finally {
      t.deps.issuer.createCard = real;
    }
    expect(pending.json()).toMatchObject({ reward: 500, card: { status: 'pending' } });
    expect((await createCard(t, friend.jar, { name: 'Meanwhile', pin: 2 })).json().reward).toBe(0);
    t.deps.issuer.createCard = async () => {
      throw new IssuerError('refused', 'Not this one');
    };
    try {
      // The pending card's job runs once its wait is over, and the issuer refuses it.
      await t.runJobs({ waitsOver: true });
    } finally {
      t.deps.issuer.createCard = real;
    }
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 100, heldEarnings: 0 });
    expect((await createCard(t, friend.jar, { name: 'Next', pin: 3 })).json().reward).toBe(500);
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 600, availableEarnings: 600 });
  });

  it("earns the referrer's $5 only once the issuer has issued it", async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    const friend = await friendOf(ref.user._id);
    await topUp(friend.jar, 5000);
    const real = t.deps.issuer.createCard;
    t.deps.issuer.createCard = async () => {
      throw new IssuerError('unavailable', 'The issuer is down');
    };
    let created: Awaited<ReturnType<typeof createCard>>;
    try {
      created = await createCard(t, friend.jar);
    } finally {
      t.deps.issuer.createCard = real;
    }
    expect(created.json()).toMatchObject({ reward: 500, card: { status: 'pending' } });
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 600, heldEarnings: 500, availableEarnings: 100 });
    await t.runJobs({ waitsOver: true });
    expect((await cardOf(t, friend.jar, created.json().card._id)).status).toBe('active');
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 600, heldEarnings: 0, availableEarnings: 600 });
  });

  it('refused by the issuer while the referrer withdraws pays the referrer once across both cards', async () => {
    const ref = await fundedUser(t, unique('ref'), 5000);
    for (let i = 0; i < 4; i += 1) {
      const friend = await friendOf(ref.user._id);
      await topUp(friend.jar, 2000);
      expect((await createCard(t, friend.jar)).statusCode).toBe(201);
    }
    const friend = await friendOf(ref.user._id);
    await topUp(friend.jar, 5000);
    expect((await stats(ref.jar)).availableEarnings).toBe(2500);
    const real = t.deps.issuer.createCard;
    t.deps.issuer.createCard = async () => {
      // While the issuer is being asked (a moment here; days if it is unreachable), the referrer withdraws: the
      // new card's $5 is still held, so it is not part of the payout.
      expect((await withdraw(ref.jar)).json().amount).toBe(2500);
      throw new IssuerError('refused', 'Not now');
    };
    try {
      expect((await createCard(t, friend.jar)).statusCode).toBe(502);
    } finally {
      t.deps.issuer.createCard = real;
    }
    expect(await stats(ref.jar)).toMatchObject({ totalEarnings: 2500, heldEarnings: 0, availableEarnings: 0 });
    expect((await createCard(t, friend.jar)).json().reward).toBe(500);
    const after = await stats(ref.jar);
    expect(after.totalWithdrawn + after.availableEarnings).toBe(5 * (100 + 500));
    expect(await balanceOf(t, ref.jar)).toBe(5000 + 2500);
  });
});
