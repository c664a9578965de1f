import { MAX_VERIFICATION_ATTEMPTS } from '@coincard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardholderVerifications, users } from '../../db/schema/index.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { createCard, fundedUser, settleIssuer, TEST_IDENTITY, verifyCardholder } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerWithIssuer } from './verification-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const statusOf = async (jar: CookieJar) => (await t.request('GET', '/api/cardholder', { jar })).json();

/** A verified e-mail with $50 in the balance: everything a card needs but the identity check. */
async function toppedUp(email: string) {
  const signedUp = await t.signUpVerified(email);
  const deposit = (
    await createDeposit(t, signedUp.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })
  ).json();
  await payInSandbox(t, deposit.paymentUrl, 'paid', '50.00');
  return signedUp;
}

describe('cardholder verification', () => {
  it('is not started for a new user, whose card creation says to verify first', async () => {
    const { jar } = await toppedUp('kyc-new@example.com');
    expect(await statusOf(jar)).toEqual({
      status: 'not_started',
      reason: null,
      attemptsLeft: MAX_VERIFICATION_ATTEMPTS,
      submittedAt: null,
      decidedAt: null,
      details: null,
    });
    const refused = await createCard(t, jar);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'VerificationRequired' });
    expect(await countRows(t, 'cards')).toBe(0);
  });

  it('goes pending, then approved by the issuer: the cardholder appears and the card bears the legal name', async () => {
    const { jar, user } = await toppedUp('kyc-approved@example.com');
    const submitted = await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json()).toMatchObject({
      status: 'pending',
      reason: null,
      attemptsLeft: MAX_VERIFICATION_ATTEMPTS - 1,
      decidedAt: null,
      details: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthYear: 1990,
        country: 'GB',
        idType: 'passport',
        idCountry: 'GB',
        idNumberLast4: '5678',
      },
    });
    expect(submitted.body).not.toContain('P12345678');
    expect(submitted.body).not.toContain('1990-12-10');
    // Registered with the issuer (the request ran its job), still no cardholder: the decision has not come.
    const [row] = await t.deps.db
      .select()
      .from(cardholderVerifications)
      .where(eq(cardholderVerifications.userId, user._id));
    expect(row?.issuerCardholderId).toMatch(/^[0-9a-f]{32}$/);
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBeNull();
    expect((await createCard(t, jar)).statusCode).toBe(403);

    const again = await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'VerificationConflict',
      message: expect.stringMatching(/under way/),
    });

    await settleIssuer(t);
    const approved = await statusOf(jar);
    expect(approved).toMatchObject({ status: 'approved', reason: null, decidedAt: expect.any(String) });
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBe(row?.issuerCardholderId);
    expect((await t.smtp.latest('kyc-approved@example.com', 'Your identity is verified')).text).toMatch(
      /create your card/,
    );

    const card = await createCard(t, jar, { name: 'Legal', pin: 1234 });
    expect(card.statusCode).toBe(201);
    expect(card.json().card.holderName).toBe('ADA LOVELACE');

    const afterApproval = await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
    expect(afterApproval.statusCode).toBe(409);
    expect(afterApproval.json().message).toMatch(/already verified/);
    expect(await countRows(t, 'audit_log', sql`action like 'cardholder.%' and target_user_id = ${user._id}`)).toBe(2);
  });

  it('is rejected with the issuer reason, and approved once the person fixes the number', async () => {
    const { jar } = await t.signUpVerified('kyc-rejected@example.com');
    const rejected = await verifyCardholder(t, jar, { idNumber: 'P12340000' });
    expect(rejected).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/does not match/),
      attemptsLeft: MAX_VERIFICATION_ATTEMPTS - 1,
      decidedAt: expect.any(String),
    });
    expect((await t.smtp.latest('kyc-rejected@example.com', 'We could not verify')).text).toMatch(/does not match/);
    const fixed = await verifyCardholder(t, jar, { idNumber: 'P12345671' });
    expect(fixed).toMatchObject({ status: 'approved', attemptsLeft: MAX_VERIFICATION_ATTEMPTS - 2 });
  });

  it('asks for more information, then takes the resubmission', async () => {
    const { jar } = await t.signUpVerified('kyc-more@example.com');
    const asked = await verifyCardholder(t, jar, { idNumber: 'X00011111' });
    expect(asked).toMatchObject({
      status: 'needs_more_information',
      reason: expect.stringMatching(/could not be confirmed/),
    });
    expect((await verifyCardholder(t, jar, { idType: 'national_id', idNumber: 'X00012345' })).status).toBe('approved');
  });

  it(`allows ${MAX_VERIFICATION_ATTEMPTS} attempts, then sends the person to support and writes nothing`, async () => {
    const { jar, user } = await t.signUpVerified('kyc-limit@example.com');
    for (let attempt = 1; attempt <= MAX_VERIFICATION_ATTEMPTS; attempt += 1) {
      expect((await verifyCardholder(t, jar, { idNumber: `P${attempt}0000` })).status).toBe('rejected');
    }
    expect((await statusOf(jar)).attemptsLeft).toBe(0);
    const refused = await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'VerificationLimitReached',
      message: expect.stringMatching(/support@coincard\.app/),
    });
    const rows = await t.deps.db
      .select({ id: cardholderVerifications.id })
      .from(cardholderVerifications)
      .where(eq(cardholderVerifications.userId, user._id));
    expect(rows).toHaveLength(MAX_VERIFICATION_ATTEMPTS);
  });

  it('ends as rejected, counted, when the issuer refuses the registration itself', async () => {
    const real = t.deps.issuer.registerCardholder;
    t.deps.issuer.registerCardholder = async () => {
      throw new IssuerError('refused', 'Invalid phone number for the country');
    };
    try {
      const { jar } = await t.signUpVerified('kyc-refused-registration@example.com');
      const answer = await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
      expect(answer.statusCode).toBe(202);
      expect(await statusOf(jar)).toMatchObject({
        status: 'rejected',
        reason: 'The card issuer did not accept these details: Invalid phone number for the country',
        attemptsLeft: MAX_VERIFICATION_ATTEMPTS - 1,
      });
    } finally {
      t.deps.issuer.registerCardholder = real;
    }
  });

  it('retries while the issuer is unreachable; a registration it never takes ends without costing an attempt', async () => {
    const real = t.deps.issuer.registerCardholder;
    let calls = 0;
    t.deps.issuer.registerCardholder = async () => {
      calls += 1;
      throw new IssuerError('unavailable', 'issuer down');
    };
    try {
      const { jar, user } = await t.signUpVerified('kyc-unreachable@example.com');
      await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
      expect(calls).toBe(1);
      expect((await statusOf(jar)).status).toBe('pending');
      await t.runJobs({ waitsOver: true });
      expect(calls).toBe(2);
      const [row] = await t.deps.db
        .select()
        .from(cardholderVerifications)
        .where(eq(cardholderVerifications.userId, user._id));
      // The engine's last try (about a day later) gives up.
      await registerWithIssuer(
        t.deps,
        { verificationId: row?.id ?? '' },
        { id: 'last', queue: 'cardholder-verification', attempt: 13, isLastAttempt: true },
      );
      expect(await statusOf(jar)).toMatchObject({
        status: 'rejected',
        reason: expect.stringMatching(/could not reach/),
        attemptsLeft: MAX_VERIFICATION_ATTEMPTS,
      });
    } finally {
      t.deps.issuer.registerCardholder = real;
    }
  });

  it('counts a user who had a cardholder before the verification step as verified', async () => {
    const { jar, user } = await fundedUser(t, 'kyc-legacy@example.com', 5000);
    // As migration 0015 found them: a cardholder, no submission.
    await t.deps.db.delete(cardholderVerifications).where(eq(cardholderVerifications.userId, user._id));
    const [me] = await t.deps.db.select().from(users).where(eq(users.id, user._id));
    expect(me?.cardholderId).not.toBeNull();
    expect(await statusOf(jar)).toMatchObject({ status: 'approved', details: null, submittedAt: null });
    expect((await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY })).statusCode).toBe(409);
    expect((await createCard(t, jar)).statusCode).toBe(201);
  });

  it('is for users only', async () => {
    expect((await t.request('GET', '/api/cardholder')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/cardholder', { body: TEST_IDENTITY })).statusCode).toBe(401);
  });
});
