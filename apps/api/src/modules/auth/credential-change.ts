import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema/index.js';
import { revokeSessions } from './sessions.service.js';

/**
 * After any change of password, e-mail or two-factor: every open reset link, verification link and code of the
 * user is void (an old link must not outlive the change), and every session but `keepSessionId` ends. Run it
 * inside the transaction that makes the change.
 */
export async function afterCredentialChange(
  tx: Transaction,
  input: { userId: string; reason: string; now: Date; keepSessionId?: string },
): Promise<void> {
  await voidAllOpenCodes(tx, input.userId, input.now);
  await revokeSessions(tx, { userId: input.userId, except: input.keepSessionId, reason: input.reason, now: input.now });
}

/** Voids every open link and code of a user, whatever its purpose. */
export async function voidAllOpenCodes(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.usedAt)));
}
