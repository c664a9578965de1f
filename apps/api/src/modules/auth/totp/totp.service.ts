import type { TotpEnrolBody } from '@coincard/shared';
import { eq, isNull } from 'drizzle-orm';
import { totpCredentials, type UserRow, users } from '../../../db/schema/index.js';
import type { Deps, RequestContext } from '../../../deps.js';
import { AppError } from '../../../lib/app-error.js';
import { hitRateLimit, RATE_RULES } from '../../../lib/rate-limit.js';
import { enqueueMail } from '../../../providers/mail/mail-queue.js';
import { audit } from '../../audit/audit.js';
import { revokeSessions } from '../sessions.service.js';
import { type Principal, verifyStepUp } from '../step-up.js';
import { assertAdminKeepsSecondFactor } from './admin-second-factor.js';
import { dropRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.js';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp.js';
import { isTotpEnabled } from './totp-codes.js';
import { verifyTotpStepUp } from './totp-step-up.js';

export const TOTP_ISSUER = 'CoinCard';

/** Sealed with its own purpose, so no other sealed secret can be swapped in for a TOTP secret or read as one. */
const totpBox = (deps: Deps) => deps.keys.totpSecrets;

export async function totpStatus(deps: Deps, userId: string) {
  const [row] = await deps.db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  const enabled = Boolean(row?.confirmedAt);
  return {
    enabled,
    pending: Boolean(row && !row.confirmedAt),
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(deps.db, userId) : 0,
  };
}

const alreadyOn = () =>
  new AppError('ValidationError', 'The authenticator app is already set up. Turn it off first to set it up again.');

/**
 * Starts (or restarts) an enrolment: a fresh secret, sealed at rest, shown to the user this once. Putting a second
 * factor on the account is a credential change: the password, and a current code or passkey when a factor is already
 * on (a stolen session could otherwise put its own authenticator on the account and lock the owner out).
 */
export async function startTotpEnrolment(deps: Deps, principal: Principal, input: TotpEnrolBody, ctx: RequestContext) {
  const { user } = principal;
  const now = deps.now();
  if (await isTotpEnabled(deps.db, user.id)) throw alreadyOn();
  await verifyStepUp(
    deps,
    principal,
    { currentPassword: input.password, code: input.code, passkey: input.passkey },
    ctx,
  );
  await hitRateLimit(deps.db, RATE_RULES.otpSendAccount, user.id, now);
  const secret = newTotpSecret();
  const secretSealed = totpBox(deps).seal(secret);
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ confirmedAt: totpCredentials.confirmedAt })
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, user.id))
      .for('update');
    if (existing?.confirmedAt) throw alreadyOn();
    await tx
      .insert(totpCredentials)
      .values({ userId: user.id, secretSealed, createdAt: now })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secretSealed, createdAt: now, lastUsedStep: null },
        // Never overwrite a confirmed secret, even if it was confirmed after the read above.
        setWhere: isNull(totpCredentials.confirmedAt),
      });
    await audit(tx, { action: 'user.totp_enrolment_started', actorId: user.id, targetUserId: user.id, ip: ctx.ip });
  });
  return { secret, otpauthUri: otpauthUri({ secret, account: user.email, issuer: TOTP_ISSUER }) };
}

const wrongCode = () =>
  new AppError('InvalidCode', 'Incorrect code. Enter the current code from your authenticator app.', {
    fields: { code: 'Incorrect code.' },
  });

/** Turns the authenticator on once the user proves the app shows the right codes; answers the recovery codes. */
export async function confirmTotpEnrolment(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  code: string,
  ctx: RequestContext,
) {
  const { user } = principal;
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.twoFactorAccount, user.id, now);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id)).for('update');
    if (row?.confirmedAt) throw alreadyOn();
    if (!row) throw new AppError('ValidationError', 'Start the authenticator set-up first.');
    const step = matchTotpStep(totpBox(deps).open(row.secretSealed), code, now);
    if (step === null) throw wrongCode();
    await tx
      .update(totpCredentials)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(eq(totpCredentials.userId, user.id));
    const codes = await replaceRecoveryCodes(tx, deps.keys, user.id, now);
    // A credential change: whoever else holds a session (the reason one turns a factor on) is signed out.
    await revokeSessions(tx, { userId: user.id, except: principal.sessionId, reason: 'totp_enabled', now });
    await audit(tx, { action: 'user.totp_enabled', actorId: user.id, targetUserId: user.id, ip: ctx.ip });
    await enqueueMail(deps, tx, deps.mail.secondFactorAdded(user.email, 'An authenticator app'));
    return codes;
  });
}

/** Turns the authenticator off: password plus a current code, and an admin keeps the e-mail code on. */
export async function disableTotp(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  input: { password: string; code: string },
  ctx: RequestContext,
) {
  const { user } = principal;
  await verifyTotpStepUp(deps, user, input, ctx);
  await deps.db.transaction(async (tx) => {
    // The user row is locked so this and turning the e-mail code off cannot both pass for an admin.
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked) throw new AppError('NotFound', 'User not found.');
    await assertAdminKeepsSecondFactor(tx, locked, { email: locked.twoFactorEnabled, totp: false });
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, user.id));
    await dropRecoveryCodes(tx, user.id);
    await revokeSessions(tx, {
      userId: user.id,
      except: principal.sessionId,
      reason: 'totp_disabled',
      now: deps.now(),
    });
    await audit(tx, { action: 'user.totp_disabled', actorId: user.id, targetUserId: user.id, ip: ctx.ip });
    await enqueueMail(deps, tx, deps.mail.secondFactorRemoved(user.email, 'The authenticator app'));
  });
}

export async function regenerateRecoveryCodes(
  deps: Deps,
  user: UserRow,
  input: { password: string; code: string },
  ctx: RequestContext,
) {
  await verifyTotpStepUp(deps, user, input, ctx);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, deps.keys, user.id, now);
    await audit(tx, {
      action: 'user.recovery_codes_regenerated',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
    });
    return codes;
  });
}
