import { signAuthorization } from '../providers/issuing/authorization-signature.js';
import { sandboxIssuerCredentials } from '../providers/issuing/index.js';
import type { TestApp } from './test-app.js';

let sequence = 0;

/** An authorization request as the sandbox issuer sends it (signed with its secret unless told otherwise). */
export function authorizationRequest(
  t: TestApp,
  input: { issuerCardId: string; amount: number; merchant?: string; category?: string | null; id?: string },
  signing: { secret?: string; timestamp?: number } = {},
) {
  sequence += 1;
  const body = JSON.stringify({
    id: input.id ?? `auth_${Date.now()}_${sequence}`,
    card_id: input.issuerCardId,
    amount: String(input.amount),
    currency: 'USD',
    merchant_name: input.merchant ?? 'Amazon',
    merchant_category: input.category === undefined ? 'Shopping' : input.category,
    merchant_category_code: '5942',
    created_at: Math.floor(t.deps.now().getTime() / 1000),
  });
  const timestamp = signing.timestamp ?? Math.floor(t.deps.now().getTime() / 1000);
  const secret = signing.secret ?? sandboxIssuerCredentials(t.deps.sessionSecret).authorizationSecret;
  const headers = {
    'content-type': 'application/json',
    'x-authorization-timestamp': String(timestamp),
    'x-authorization-signature': signAuthorization(secret, timestamp, body),
  };
  return { body, headers, send: () => t.request('POST', '/api/issuing/authorizations', { rawBody: body, headers }) };
}
