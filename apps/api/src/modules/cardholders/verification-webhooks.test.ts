import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardholderVerifications, providerEvents, reviews } from '../../db/schema/index.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { sandboxIssuerCredentials } from '../../providers/issuing/index.js';
import { TEST_IDENTITY } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { eventOutcome } from '../../test/webhook-outcome.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The issuer's decision about a cardholder, signed as the sandbox issuer signs. */
function decision(cardholderId: string, outcome: 'successful' | 'failed' | 'manual_review', extra = {}) {
  const rawBody = JSON.stringify({
    event: `cardholder_verification.${outcome}`,
    data: { cardholder_id: cardholderId, is_active: true, livemode: false, issuing_app_id: 'sandbox', ...extra },
  });
  return t.request('POST', '/api/webhooks/issuing', {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': hmacSha256(sandboxIssuerCredentials(t.deps.sessionSecret).webhookSecret, rawBody),
    },
  });
}

/** A user whose submission the issuer has registered and not decided yet; answers the issuer's cardholder id. */
async function pending(email: string): Promise<{ jar: CookieJar; userId: string; holder: string }> {
  const { jar, user } = await t.signUpVerified(email);
  expect((await t.request('POST', '/api/cardholder', { jar, body: TEST_IDENTITY })).statusCode).toBe(202);
  const [row] = await t.deps.db
    .select()
    .from(cardholderVerifications)
    .where(eq(cardholderVerifications.userId, user._id));
  return { jar, userId: user._id, holder: row?.issuerCardholderId ?? '' };
}

const statusOf = async (jar: CookieJar) => (await t.request('GET', '/api/cardholder', { jar })).json();

describe("the issuer's cardholder decisions", () => {
  it('apply once when the same one arrives twice', async () => {
    const { jar, userId, holder } = await pending('twice@example.com');
    const first = await decision(holder, 'failed', { error_description: 'ID number not found' });
    expect(await eventOutcome(t, first)).toBe('cardholder-rejected');
    const second = await decision(holder, 'failed', { error_description: 'ID number not found' });
    expect(second.json()).toMatchObject({ status: 'already-received' });
    expect(await statusOf(jar)).toMatchObject({ status: 'rejected', reason: 'ID number not found', attemptsLeft: 4 });
    expect(await countRows(t, 'audit_log', sql`action = 'cardholder.rejected' and target_user_id = ${userId}`)).toBe(1);
  });

  it('change nothing when they arrive after an admin withdrew the submission', async () => {
    const { jar, userId, holder } = await pending('late@example.com');
    await t.deps.db
      .update(cardholderVerifications)
      .set({ status: 'withdrawn', decidedAt: t.deps.now() })
      .where(eq(cardholderVerifications.userId, userId));
    const late = await decision(holder, 'successful');
    expect(await eventOutcome(t, late)).toBe('withdrawn-before-decision');
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBeNull();
  });

  it('keep a submission pending under manual review, with word of it, until the final decision', async () => {
    const { jar, holder } = await pending('manual@example.com');
    expect(await eventOutcome(t, await decision(holder, 'manual_review'))).toBe('manual-review');
    expect(await statusOf(jar)).toMatchObject({ status: 'pending', reason: expect.stringMatching(/1 and 24 hours/) });
    expect(await eventOutcome(t, await decision(holder, 'successful'))).toBe('cardholder-approved');
    expect(await statusOf(jar)).toMatchObject({ status: 'approved', reason: null });
    expect((await t.request('GET', '/api/user', { jar })).json().cardholderId).toBe(holder);
  });

  it('go to the review queue when the issuer contradicts itself, and change nothing', async () => {
    const { jar, userId, holder } = await pending('contradiction@example.com');
    await decision(holder, 'successful');
    const contrary = await decision(holder, 'failed', { error_description: 'On second thoughts, no' });
    expect(await eventOutcome(t, contrary)).toBe('review:contradiction');
    expect(await statusOf(jar)).toMatchObject({ status: 'approved' });
    const [review] = await t.deps.db.select().from(reviews).where(eq(reviews.userId, userId));
    expect(review?.reason).toMatch(/ended rejected, but it had already ended approved/);
  });

  it('wait for a cardholder we do not know yet, and are replayed', async () => {
    const unknown = await decision('f'.repeat(32), 'successful');
    expect(unknown.statusCode).toBe(200);
    const { eventId } = unknown.json();
    const [event] = await t.deps.db.select().from(providerEvents).where(eq(providerEvents.id, eventId));
    expect(event).toMatchObject({ processedAt: null, outcome: 'unknown-cardholder' });
  });
});
