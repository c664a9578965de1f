import type { CardholderSubmissionInput } from '@coincard/shared';
import { and, count, eq, isNull, lte } from 'drizzle-orm';
import { sandboxIssuerCardholders, sandboxIssuerOperations, sandboxIssuerWebhooks } from '../db/schema/index.js';
import { hmacSha256 } from '../lib/crypto.js';
import { sandboxIssuerCredentials } from '../providers/issuing/index.js';
import { CookieJar } from './cookie-jar.js';
import { createDeposit, payInSandbox } from './deposit-helpers.js';
import { STRONG_PASSWORD, type TestApp } from './test-app.js';
import { signInThroughTwoFactor } from './two-factor-sign-in.js';

export const balanceOf = async (t: TestApp, jar: CookieJar) =>
  (await t.request('GET', '/api/user', { jar })).json().balance as number;

/** A made-up adult in the UK whose document number the sandbox issuer approves (one ending 0000 it refuses). */
export const TEST_IDENTITY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  phone: '+44 20 7946 0123',
  address: { line1: '12 Ada Street', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
  idType: 'passport',
  idNumber: 'P12345678',
  idCountry: 'GB',
} satisfies CardholderSubmissionInput;

/** Waits until the issuer has decided every identity check and the app has applied what it said. */
type Settle = (t: TestApp) => Promise<void>;

/**
 * Submits an identity (TEST_IDENTITY unless told), lets the issuer decide it (the sandbox's back office, unless the
 * test's issuer settles otherwise), and answers the status then.
 */
export async function verifyCardholder(
  t: TestApp,
  jar: CookieJar,
  identity: Partial<CardholderSubmissionInput> = {},
  settle: Settle = (app) => settleIssuer(app),
): Promise<{ status: string; reason: string | null; attemptsLeft: number }> {
  const submitted = await t.request('POST', '/api/cardholder', { jar, body: { ...TEST_IDENTITY, ...identity } });
  if (submitted.statusCode !== 202) throw new Error(`verification failed: ${submitted.body}`);
  await settle(t);
  return (await t.request('GET', '/api/cardholder', { jar })).json();
}

/** A verified user with an issuer cardholder and `cents` in the balance, topped up through the sandbox checkout. */
export async function fundedUser(t: TestApp, email: string, cents: number, options: { settle?: Settle } = {}) {
  const signedUp = await t.signUpVerified(email);
  const verification = await verifyCardholder(t, signedUp.jar, {}, options.settle);
  if (verification.status !== 'approved') throw new Error(`verification ended ${verification.status}`);
  let left = cents;
  while (left > 0) {
    const amount = Math.min(left, 1_000_000);
    const deposit = (
      await createDeposit(t, signedUp.jar, { currency: 'USDT', network: 'TRON', amountInUsd: Math.max(amount, 1000) })
    ).json();
    const paid = await payInSandbox(
      t,
      deposit.paymentUrl,
      amount >= 1000 ? 'paid' : 'wrong_amount',
      (amount / 100).toFixed(2),
    );
    if (paid.statusCode !== 200) throw new Error(`top-up failed: ${paid.body}`);
    left -= amount;
  }
  return signedUp;
}

export async function createCard(
  t: TestApp,
  jar: CookieJar,
  body: Record<string, unknown> = { name: 'Everyday', pin: 1234 },
  headers: Record<string, string> = {},
) {
  return t.request('POST', '/api/cards/create', { jar, body, headers });
}

/** A funded user with one active card holding `onCard` cents (loaded through the API, fee paid from the balance). */
export async function userWithCard(t: TestApp, email: string, options: { balance?: number; onCard?: number } = {}) {
  const user = await fundedUser(t, email, options.balance ?? 10_000);
  const created = await createCard(t, user.jar);
  if (created.statusCode !== 201) throw new Error(`card creation failed: ${created.body}`);
  const card = created.json().card as { _id: string };
  if (options.onCard) {
    const loaded = await t.request('PATCH', `/api/cards/${card._id}/load`, {
      jar: user.jar,
      body: { amount: options.onCard, includesFee: false },
    });
    if (loaded.statusCode !== 200) throw new Error(`load failed: ${loaded.body}`);
    await settleIssuer(t);
  }
  return { ...user, cardId: card._id };
}

export const cardOf = async (t: TestApp, jar: CookieJar, cardId: string) =>
  (await t.request('GET', `/api/cards/${cardId}/public`, { jar })).json();

/**
 * The moment later: the sandbox issuer completes every fund and unload it accepted and decides every identity check
 * (test apps give it a settle delay far longer than any test, so nothing completes on its own mid-assertion), and
 * every webhook it owes has reached the app, so a test reads what a user would see next.
 */
export async function settleIssuer(t: TestApp, timeoutMs = 5000): Promise<void> {
  const books = t.deps.sandboxIssuer;
  if (!books) throw new Error('the sandbox issuer is not running in this test app');
  const deadline = Date.now() + timeoutMs;
  const later = () => new Date(t.deps.now().getTime() + 24 * 60 * 60_000);
  for (;;) {
    // Movements the app has queued reach the issuer first.
    await t.runJobs();
    await books.completeDue(later());
    await books.deliverDue();
    // The webhooks arrived over HTTP, outside the request helper: apply them (and whatever they queue) now.
    await t.runJobs();
    const [due] = await t.deps.db
      .select({ n: count() })
      .from(sandboxIssuerOperations)
      .where(and(eq(sandboxIssuerOperations.status, 'PENDING'), lte(sandboxIssuerOperations.completeAt, later())));
    const [undecided] = await t.deps.db
      .select({ n: count() })
      .from(sandboxIssuerCardholders)
      .where(and(eq(sandboxIssuerCardholders.status, 'PENDING'), lte(sandboxIssuerCardholders.decideAt, later())));
    const [owed] = await t.deps.db
      .select({ n: count() })
      .from(sandboxIssuerWebhooks)
      .where(isNull(sandboxIssuerWebhooks.deliveredAt));
    const left = (due?.n ?? 0) + (undecided?.n ?? 0) + (owed?.n ?? 0);
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`issuer did not settle: ${left} operations, checks or webhooks left`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Signs in again (after the test clock has outlived the session), as the same person from the same place. */
export async function signInAgain(t: TestApp, email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  await signInThroughTwoFactor(t, jar, email, STRONG_PASSWORD);
  return jar;
}

/** What the sandbox issuer would send: a webhook body signed with its secret, delivered to the app. */
export function issuerWebhook(t: TestApp, event: string, data: Record<string, unknown>) {
  const rawBody = JSON.stringify({ event, data });
  const signature = hmacSha256(sandboxIssuerCredentials(t.deps.sessionSecret).webhookSecret, rawBody);
  return t.request('POST', '/api/webhooks/issuing', {
    rawBody,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signature, origin: '' },
  });
}
