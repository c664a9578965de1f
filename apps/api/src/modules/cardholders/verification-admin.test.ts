import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStartupUsers } from '../../seed/ensure-users.js';
import { createCard, fundedUser, TEST_IDENTITY, verifyCardholder } from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInThroughTwoFactor } from '../../test/two-factor-sign-in.js';

const ADMIN = { email: 'kyc-admin@example.com', password: 'Admin-Password-99' };
let t: TestApp;
let admin: CookieJar;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({ configEnv: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  await ensureStartupUsers(t.deps, false);
  admin = new CookieJar();
  await signInThroughTwoFactor(t, admin, ADMIN.email, ADMIN.password);
  adminId = (await t.request('GET', '/api/user', { jar: admin })).json()._id;
});
afterAll(async () => {
  await t.close();
});

const view = async (userId: string) => t.request('GET', `/api/admin/users/${userId}/cardholder`, { jar: admin });
const reverify = (userId: string, reason: string) =>
  t.request('POST', `/api/admin/users/${userId}/cardholder/reverify`, { jar: admin, body: { reason } });

describe('an admin', () => {
  it("sees the status, the dates, the issuer's reasons and each step, never a document number or birth date", async () => {
    const { jar, user } = await t.signUpVerified('kyc-history@example.com');
    await verifyCardholder(t, jar, { idNumber: 'P98760000', dateOfBirth: '1985-03-14' });
    await verifyCardholder(t, jar, { idNumber: 'P98764321', dateOfBirth: '1985-03-14' });
    const response = await view(user._id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'approved', attemptsLeft: 3, isLegacy: false, decidedAt: expect.any(String) });
    expect(body.history.map((entry: { event: string }) => entry.event)).toEqual([
      'approved',
      'submitted',
      'rejected',
      'submitted',
    ]);
    expect(body.history[2]).toMatchObject({ reason: expect.stringMatching(/does not match/), actor: null });
    expect(body.history[3]).toMatchObject({
      actor: { _id: user._id, email: 'kyc-history@example.com' },
      details: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB', idType: 'passport' },
    });
    for (const secret of ['P9876', '1985-03-14', 'idNumberLast4', 'birthYear'])
      expect(response.body).not.toContain(secret);
  });

  it('asks a verified user to verify again: audited, told, no new card until approved again, attempts afresh', async () => {
    const { jar, user } = await fundedUser(t, 'kyc-again@example.com', 5000);
    const cardBefore = await createCard(t, jar, { name: 'Kept', pin: 1111 });
    expect(cardBefore.statusCode).toBe(201);
    const reason = 'The name on your document does not match your account. Please send it again.';
    const asked = await reverify(user._id, reason);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'needs_more_information', reason, attemptsLeft: 5 });
    expect(asked.json().history[0]).toMatchObject({
      event: 'reverify_requested',
      reason,
      actor: { _id: adminId, email: ADMIN.email },
    });

    expect((await t.request('GET', '/api/cardholder', { jar })).json()).toMatchObject({
      status: 'needs_more_information',
      reason,
    });
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBeNull();
    expect((await createCard(t, jar, { name: 'New', pin: 2222 })).json()).toMatchObject({
      errorCode: 'VerificationRequired',
    });
    // The card made before stays the user's, as it was.
    expect((await t.request('GET', `/api/cards/${cardBefore.json().card._id}/public`, { jar })).json().status).toBe(
      'active',
    );
    expect((await t.smtp.latest('kyc-again@example.com', 'We need more information')).text).toContain(reason);
    expect(
      await countRows(
        t,
        'audit_log',
        sql`action = 'admin.cardholder_reverify_requested' and target_user_id = ${user._id}`,
      ),
    ).toBe(1);

    expect((await verifyCardholder(t, jar, { firstName: 'Augusta Ada' })).status).toBe('approved');
    expect((await createCard(t, jar, { name: 'New', pin: 2222 })).json().card.holderName).toBe('AUGUSTA ADA LOVELACE');
  });

  it('withdraws a submission still pending, so its late decision changes nothing', async () => {
    const { jar, user } = await t.signUpVerified('kyc-withdrawn@example.com');
    await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY });
    const asked = await reverify(user._id, 'Please use your passport rather than a driving licence.');
    expect(asked.json().history.map((entry: { event: string }) => entry.event)).toEqual([
      'reverify_requested',
      'withdrawn',
      'submitted',
    ]);
    await verifyCardholder(t, jar, { idNumber: 'P11223344' });
    expect((await t.request('GET', '/api/cardholder', { jar })).json()).toMatchObject({ status: 'approved' });
  });

  it('is refused, and the refusal audited, for a user who never verified or for an admin; bad input is a 400', async () => {
    const { user } = await t.signUpVerified('kyc-never@example.com');
    const never = await reverify(user._id, 'Please verify your identity again.');
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toMatch(/nothing to redo/);
    expect((await reverify(adminId, 'Please verify your identity again.')).statusCode).toBe(409);
    expect(await countRows(t, 'audit_log', sql`action = 'admin.action_refused'`)).toBe(2);
    const short = await reverify(user._id, 'redo');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('reason');
    expect((await view('00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('counts verified cardholders on the dashboard', async () => {
    const before = (await t.request('GET', '/api/admin/stats/dashboard', { jar: admin })).json().verifiedCardholders;
    const { jar } = await t.signUpVerified('kyc-counted@example.com');
    await verifyCardholder(t, jar, { idNumber: 'P44443333' });
    const after = (await t.request('GET', '/api/admin/stats/dashboard', { jar: admin })).json().verifiedCardholders;
    expect(after).toBe(before + 1);
  });
});
