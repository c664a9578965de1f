import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { type WebauthnPurpose, webauthnChallenges } from '../../../db/schema/index.js';
import { uuidv7 } from '../../../lib/ids.js';

/** A ceremony's challenge lives as long as the browser's prompt may stay open. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** What a challenge is bound to: it is accepted only when the same session, user or sign-in presents it. */
export type ChallengeBinding = { userId?: string | null; sessionId?: string | null; bindingHash?: string | null };

/** A fresh random challenge (32 bytes, base64url as the browser will echo it), stored for one use. */
export async function issueChallenge(
  db: Executor,
  purpose: WebauthnPurpose,
  binding: ChallengeBinding,
  now: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = randomBytes(32);
  await db.insert(webauthnChallenges).values({
    id: uuidv7(),
    challenge: bytes.toString('base64url'),
    purpose,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    bindingHash: binding.bindingHash ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/**
 * Spends a challenge the browser echoed, if it is open, unexpired, of this purpose and bound to the same session,
 * user and sign-in as asked. Atomic: of two requests with one challenge, one gets it.
 */
export async function consumeChallenge(
  db: Executor,
  challenge: string,
  purpose: WebauthnPurpose,
  binding: ChallengeBinding,
  now: Date,
): Promise<boolean> {
  const matches = (column: AnyPgColumn, value?: string | null) => (value ? eq(column, value) : sql`${column} is null`);
  const [spent] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        matches(webauthnChallenges.userId, binding.userId),
        matches(webauthnChallenges.sessionId, binding.sessionId),
        matches(webauthnChallenges.bindingHash, binding.bindingHash),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return Boolean(spent);
}
