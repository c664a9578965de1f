import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { totpCredentials } from '../../../db/schema/index.js';
import type { Deps, RequestContext } from '../../../deps.js';
import { audit } from '../../audit/audit.js';
import { recoveryCodesLeft, spendRecoveryCode } from './recovery-codes.js';
import { matchTotpStep } from './totp.js';

/*
 * The authenticator's checks that other sign-in and step-up code builds on, apart from its enrolment (totp.service.ts),
 * so the step-up and the admins' second-factor rule can use them without importing the enrolment that uses them.
 */

/** True when the user's authenticator app guards sign-in (a confirmed secret, not an enrolment in progress). */
export async function isTotpEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  return Boolean(row);
}

/**
 * Accepts a current authenticator code (never one of a step already used: a code seen over a shoulder or in a log
 * cannot be played again) or an unused recovery code, which is spent. Answers which, or null.
 */
export async function acceptSecondFactorCode(
  deps: Deps,
  db: Executor,
  userId: string,
  code: string,
  ctx: RequestContext,
): Promise<'totp' | 'recovery' | null> {
  const now = deps.now();
  const [row] = await db
    .select()
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  if (!row) return null;
  const step = matchTotpStep(deps.keys.totpSecrets.open(row.secretSealed), code, now);
  if (step !== null) {
    // Atomic: of two requests with the same code, one moves the step forward and the other finds it moved.
    const [moved] = await db
      .update(totpCredentials)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpCredentials.userId, userId),
          or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpCredentials.userId });
    return moved ? 'totp' : null;
  }
  if (await spendRecoveryCode(db, deps.keys, userId, code, now)) {
    await audit(db, {
      action: 'auth.recovery_code_used',
      actorId: userId,
      targetUserId: userId,
      ip: ctx.ip,
      details: { left: await recoveryCodesLeft(db, userId) },
    });
    return 'recovery';
  }
  return null;
}
