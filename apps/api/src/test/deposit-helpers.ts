import { eq } from 'drizzle-orm';
import { sandboxInvoices } from '../db/schema/index.js';
import { signCryptomusWebhook } from '../providers/payments/cryptomus-signature.js';
import { sandboxCredentials } from '../providers/payments/index.js';
import type { CookieJar } from './cookie-jar.js';
import type { TestApp } from './test-app.js';

export async function createDeposit(
  t: TestApp,
  jar: CookieJar,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.request('POST', '/api/transactions', { jar, body, headers });
}

/** The checkout page's uuid, taken from the payment link the API answered. */
export const checkoutUuid = (paymentUrl: string) => paymentUrl.split('/').pop() ?? '';

/** What a tester does on the sandbox checkout page: the sandbox settles the invoice and sends its webhook. */
export async function payInSandbox(t: TestApp, paymentUrl: string, outcome: string, amountUsd?: string) {
  return t.request('POST', `/sandbox/payments/checkout/${checkoutUuid(paymentUrl)}/outcome`, {
    body: amountUsd ? { outcome, amountUsd } : { outcome },
  });
}

/** A webhook body exactly as the sandbox (and Cryptomus) would sign it, for replays and hostile variants. */
export function signedWebhook(
  t: TestApp,
  fields: Record<string, unknown>,
  key = sandboxCredentials(t.deps.sessionSecret).apiKey,
) {
  const payload = { type: 'payment', ...fields };
  return JSON.stringify({ ...payload, sign: signCryptomusWebhook(payload, key) });
}

export async function postWebhook(t: TestApp, rawBody: string) {
  return t.request('POST', '/api/webhooks/payments', {
    rawBody,
    headers: { 'content-type': 'application/json', origin: '' },
  });
}

/** Settles a sandbox invoice without sending any webhook: the "lost webhook" case. */
export async function settleSilently(t: TestApp, paymentUrl: string, status: string, paymentAmountUsd: string | null) {
  await t.deps.db
    .update(sandboxInvoices)
    .set({ status, paymentAmountUsd })
    .where(eq(sandboxInvoices.uuid, checkoutUuid(paymentUrl)));
}
