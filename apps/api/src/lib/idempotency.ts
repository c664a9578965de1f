import type { Deps } from '../deps.js';
import { AppError } from './app-error.js';
import { keyedHash } from './keys.js';

/**
 * The one fingerprint of a money request kept beside its Idempotency-Key (top-ups, card creations, loads, unloads):
 * HMAC-SHA256 of the request's meaningful parts under the request-fingerprints key, so a leaked row tells nothing
 * about the request (docs/product-rules.md, API conventions). `kind` keeps fingerprints of different calls apart.
 */
export function requestFingerprint(deps: Pick<Deps, 'keys'>, kind: string, parts: readonly unknown[]): string {
  return keyedHash(deps.keys.requestFingerprints.current.key, JSON.stringify([kind, ...parts]));
}

/**
 * What an Idempotency-Key already recorded answers: nothing (a new request), the first request's row (a retry of
 * the same request), or 409 IdempotencyConflict (the same key with another request). `sameOtherwise` compares what
 * is deliberately left out of the fingerprint (a card's PIN).
 */
export function replayOf<Row extends { requestHash: string | null }>(
  previous: Row | undefined,
  fingerprint: string,
  sameOtherwise: (row: Row) => boolean = () => true,
): Row | null {
  if (!previous) return null;
  if (previous.requestHash !== fingerprint || !sameOtherwise(previous)) {
    throw new AppError('IdempotencyConflict', 'This Idempotency-Key was already used for a different request.');
  }
  return previous;
}
