import { z } from 'zod';
import { hmacSha256, safeEqual } from '../../lib/crypto.js';
import { type AuthorizationRequest, IssuerError } from './card-issuer.js';

/**
 * The real-time authorization request (docs/card-issuer-protocol.md, "Authorization requests"): the issuer asks
 * before each purchase, as Lithic's authorization stream and Stripe Issuing's authorization webhook do. Signed with
 * HMAC-SHA256 over `{timestamp}.{body}` with the shared authorization secret; a request whose timestamp is more
 * than five minutes away from our clock is refused, so a captured request cannot be replayed later, and one
 * replayed within that time gets the answer already given (the id is recorded once).
 */
export const AUTHORIZATION_TIMESTAMP_HEADER = 'x-authorization-timestamp';
export const AUTHORIZATION_SIGNATURE_HEADER = 'x-authorization-signature';
export const AUTHORIZATION_TOLERANCE_SECONDS = 300;
/** The issuer waits this long for the answer, then applies its default: decline (decision 033). */
export const AUTHORIZATION_TIMEOUT_MS = 2_000;

export const authorizationWireSchema = z.object({
  id: z.string().min(1).max(128),
  card_id: z.string().min(1).max(128),
  amount: z.string().regex(/^[1-9]\d{0,9}$/),
  currency: z.literal('USD'),
  merchant_name: z.string().min(1).max(200),
  merchant_category: z.string().max(200).nullable(),
  merchant_category_code: z.string().max(10).nullable(),
  created_at: z.number().int().positive(),
});
export type AuthorizationWire = z.infer<typeof authorizationWireSchema>;

export type AuthorizationAnswer = { approved: boolean; decline_reason: string | null };

export function signAuthorization(secret: string, timestamp: number, body: string): string {
  return hmacSha256(secret, `${timestamp}.${body}`);
}

/** Throws IssuerError('signature') for a forged, stale or malformed request. */
export function verifyAuthorization(
  secret: string,
  input: { rawBody: string; timestamp: string | undefined; signature: string | undefined; now: Date },
): AuthorizationRequest {
  const refuse = (why: string) => new IssuerError('signature', why);
  if (!secret) throw refuse('no authorization secret configured');
  if (!input.timestamp || !/^\d{1,12}$/.test(input.timestamp)) throw refuse('missing or malformed timestamp');
  if (
    !input.signature ||
    !safeEqual(signAuthorization(secret, Number(input.timestamp), input.rawBody), input.signature)
  )
    throw refuse('bad signature');
  if (Math.abs(input.now.getTime() / 1000 - Number(input.timestamp)) > AUTHORIZATION_TOLERANCE_SECONDS)
    throw refuse('timestamp outside the tolerance');
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    throw refuse('body is not JSON');
  }
  const parsed = authorizationWireSchema.safeParse(json);
  if (!parsed.success) throw refuse('body is not an authorization request');
  const wire = parsed.data;
  return {
    reference: wire.id,
    cardId: wire.card_id,
    amountCents: Number(wire.amount),
    merchant: wire.merchant_name,
    category: wire.merchant_category,
    occurredAt: new Date(wire.created_at * 1000),
  };
}
