import { type AuditAction, OTP_TTL_MS, type StepUpFields, type User } from '@coincard/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { audit } from '../audit/audit.js';
import { findUserByEmail } from '../auth/auth.service.js';
import { afterCredentialChange, voidAllOpenCodes } from '../auth/credential-change.js';
import { issueOtp, verifyOtp } from '../auth/one-time-codes.service.js';
import { assertNotCommonPassword, hashPassword } from '../auth/passwords.js';
import { verifyStepUp } from '../auth/step-up.js';
import { assertAdminKeepsSecondFactor } from '../auth/totp/admin-second-factor.js';

export function toUserDto(user: UserRow, balance: number): User {
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    verified: user.verified,
    isTwoFactorEnabled: user.twoFactorEnabled,
    isSuspended: user.suspended,
    balance,
    cardholderId: user.cardholderId,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Turns e-mail two-factor on or off, for oneself or (byAdmin) for another user; audited either way. */
export async function setTwoFactor(
  deps: Deps,
  input: { actorId: string; targetId: string; enabled: boolean; ip: string; byAdmin?: boolean; sessionId?: string },
) {
  const action: AuditAction = input.byAdmin
    ? input.enabled
      ? 'admin.two_factor_enabled'
      : 'admin.two_factor_disabled'
    : input.enabled
      ? 'user.two_factor_enabled'
      : 'user.two_factor_disabled';
  await deps.db.transaction(async (tx) => {
    if (!input.enabled) {
      // Locked: turning the authenticator off at the same moment cannot leave an admin with no second factor.
      const [target] = await tx.select().from(users).where(eq(users.id, input.targetId)).for('update');
      if (target) await assertAdminKeepsSecondFactor(tx, target, { email: false });
    }
    await tx
      .update(users)
      .set({ twoFactorEnabled: input.enabled, updatedAt: deps.now() })
      .where(eq(users.id, input.targetId));
    // The user's own change keeps only the acting session. An admin's change voids the target's open codes but
    // leaves the target signed in: it is a support action, not a sign of a stolen session.
    if (input.byAdmin || !input.sessionId) await voidAllOpenCodes(tx, input.targetId, deps.now());
    else
      await afterCredentialChange(tx, {
        userId: input.targetId,
        reason: input.enabled ? 'two_factor_enabled' : 'two_factor_disabled',
        now: deps.now(),
        keepSessionId: input.sessionId,
      });
    await audit(tx, { action, actorId: input.actorId, targetUserId: input.targetId, ip: input.ip });
  });
}

export async function changePassword(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  input: StepUpFields & { newPassword: string },
  ctx: RequestContext,
) {
  const { user } = principal;
  await verifyStepUp(deps, principal, input, ctx);
  if (input.currentPassword === input.newPassword) {
    const message = 'Choose a new password that differs from the current one.';
    throw new AppError('ValidationError', message, { fields: { newPassword: message } });
  }
  assertNotCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await afterCredentialChange(tx, {
      userId: user.id,
      reason: 'password_changed',
      now,
      keepSessionId: principal.sessionId,
    });
    await audit(tx, { action: 'user.password_changed', actorId: user.id, targetUserId: user.id, ip: ctx.ip });
  });
}

const emailInUse = () => {
  const message = 'This e-mail address is already in use.';
  return new AppError('EmailTaken', message, { fields: { newEmail: message } });
};

/**
 * Starts an e-mail change after the step-up check. The answer is the same whether the address is free or taken,
 * so this cannot be used to learn who has an account: a taken address gets a notice instead of a code.
 */
export async function startEmailChange(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  input: StepUpFields & { newEmail: string },
  ctx: RequestContext,
) {
  const { user } = principal;
  const { newEmail } = input;
  const now = deps.now();
  if (newEmail === user.email.toLowerCase()) {
    const message = 'This is already your e-mail address.';
    throw new AppError('ValidationError', message, { fields: { newEmail: message } });
  }
  await verifyStepUp(deps, principal, input, ctx);
  await hitRateLimit(deps.db, RATE_RULES.otpSendAccount, user.id, now);
  const owner = await findUserByEmail(deps.db, newEmail);
  await deps.db.transaction(async (tx) => {
    if (owner) {
      await audit(tx, {
        action: 'user.email_change_requested',
        actorId: user.id,
        targetUserId: user.id,
        ip: ctx.ip,
        details: { taken: true },
      });
      await enqueueMail(deps, tx, deps.mail.emailChangeAddressTaken(owner.email));
      return;
    }
    const code = await issueOtp(tx, {
      userId: user.id,
      purpose: 'email_change',
      ttlMs: OTP_TTL_MS,
      now,
      secret: deps.keys.oneTimeCodes,
      payload: { newEmail },
    });
    await audit(tx, { action: 'user.email_change_requested', actorId: user.id, targetUserId: user.id, ip: ctx.ip });
    await enqueueMail(deps, tx, deps.mail.emailChangeCode(newEmail, code));
  });
}

export async function confirmEmailChange(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  otp: string,
  ctx: RequestContext,
) {
  const { user } = principal;
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.twoFactorAccount, user.id, now);
  const payload = await verifyOtp(deps.db, {
    userId: user.id,
    purpose: 'email_change',
    code: otp,
    now,
    secret: deps.keys.oneTimeCodes,
    expiredMessage: 'This code has expired or was used too many times. Send a new code.',
  });
  const newEmail = payload.newEmail;
  if (!newEmail) throw new AppError('InvalidCode', 'This code is not valid. Send a new code.');
  try {
    await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${newEmail}`, ne(users.id, user.id)));
      if (taken) throw emailInUse();
      await tx.update(users).set({ email: newEmail, updatedAt: now }).where(eq(users.id, user.id));
      await afterCredentialChange(tx, {
        userId: user.id,
        reason: 'email_changed',
        now,
        keepSessionId: principal.sessionId,
      });
      await audit(tx, {
        action: 'user.email_changed',
        actorId: user.id,
        targetUserId: user.id,
        ip: ctx.ip,
        details: { from: user.email, to: newEmail },
      });
      await enqueueMail(deps, tx, deps.mail.emailChanged(user.email, newEmail));
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The unique index caught a simultaneous claim of the same address.
    throw emailInUse();
  }
}
