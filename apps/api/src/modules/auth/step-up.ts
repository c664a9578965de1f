import {
  OTP_TTL_MS,
  type PasskeyAssertion,
  STEP_UP_WINDOW_MS,
  type StepUpBody,
  type StepUpFields,
  type StepUpMethods,
} from '@coincard/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, type UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { audit } from '../audit/audit.js';
import { issueOtp, verifyOtp } from './one-time-codes.service.js';
import { hasPasskeys, verifyPasskeyAssertion } from './passkeys/passkeys.service.js';
import { verifyPassword } from './passwords.js';
import { acceptSecondFactorCode, isTotpEnabled } from './totp/totp-codes.js';

const STEP_UP_EXPIRED = 'This code has expired or was used too many times. Send a new code.';

/** Every password or factor check of a signed-in session counts: 10 per 15 minutes and 50 a day per account. */
export async function limitStepUps(deps: Deps, userId: string): Promise<void> {
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.stepUpAccount, userId, now);
  await hitRateLimit(deps.db, RATE_RULES.stepUpAccountDay, userId, now);
}

export type Principal = { user: UserRow; sessionId: string };

/** Which second factors guard the account: the mailed code, the authenticator app, passkeys. */
export type SecondFactors = { email: boolean; totp: boolean; passkey: boolean };

export async function secondFactorsOf(db: Executor, user: UserRow): Promise<SecondFactors> {
  return {
    email: user.twoFactorEnabled,
    totp: await isTotpEnabled(db, user.id),
    passkey: await hasPasskeys(db, user.id),
  };
}

export const hasSecondFactor = (factors: SecondFactors) => factors.email || factors.totp || factors.passkey;

const wrongPassword = (field: string, given: boolean) => {
  const message = given ? 'Your current password is incorrect.' : 'Current password is required.';
  return new AppError('ValidationError', message, { fields: { [field]: message } });
};

/**
 * One of the account's second factors, as the step-ups take it: a passkey answer, an authenticator or recovery code,
 * or (with e-mail codes on) the mailed step-up code. Answers which one it was.
 */
async function verifySecondFactor(
  deps: Deps,
  principal: Principal,
  factors: SecondFactors,
  input: { code?: string | undefined; passkey?: PasskeyAssertion | undefined },
  ctx: RequestContext,
): Promise<'passkey' | 'totp' | 'recovery' | 'email'> {
  const { user } = principal;
  if (input.passkey) {
    if (!factors.passkey) throw new AppError('ValidationError', 'This account has no passkey. Use a code instead.');
    await verifyPasskeyAssertion(deps, {
      credential: input.passkey,
      purpose: 'step_up',
      binding: { userId: user.id, sessionId: principal.sessionId },
    });
    return 'passkey';
  }
  if (!input.code) {
    const message = factors.email
      ? 'Enter the 6-digit code we sent to your e-mail.'
      : factors.totp
        ? 'Enter the 6-digit code from your authenticator app.'
        : 'Confirm with your passkey.';
    throw new AppError('ValidationError', message, { fields: { code: message } });
  }
  // An authenticator or recovery code when the app is set up; otherwise (or besides) the mailed step-up code.
  if (factors.totp) {
    const accepted = await acceptSecondFactorCode(deps, deps.db, user.id, input.code, ctx);
    if (accepted) return accepted;
  }
  if (!factors.email) {
    throw new AppError('InvalidCode', 'Incorrect code. Enter the current code from your authenticator app.', {
      fields: { code: 'Incorrect code.' },
    });
  }
  await verifyOtp(deps.db, {
    userId: user.id,
    purpose: 'step_up',
    code: input.code,
    now: deps.now(),
    secret: deps.keys.oneTimeCodes,
    expiredMessage: STEP_UP_EXPIRED,
  });
  return 'email';
}

/**
 * The check before a session may change what signs in to the account (e-mail, password, second factors): the current
 * password, and one of the second factors when any is on. A stolen session alone therefore cannot take the account
 * over, nor put its own authenticator or passkey on it.
 */
export async function verifyStepUp(
  deps: Deps,
  principal: Principal,
  input: Partial<StepUpFields>,
  ctx: RequestContext,
): Promise<void> {
  const { user } = principal;
  // Counted per account so a stolen session cannot guess the password through here at speed.
  await limitStepUps(deps, user.id);
  if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw wrongPassword('currentPassword', Boolean(input.currentPassword));
  }
  const factors = await secondFactorsOf(deps.db, user);
  if (!hasSecondFactor(factors)) return;
  await verifySecondFactor(deps, principal, factors, input, ctx);
}

/** Mails a step-up code to a user with two-factor on (a no-op answer otherwise: nothing to send). */
export async function sendStepUpCode(deps: Deps, user: UserRow): Promise<boolean> {
  if (!user.twoFactorEnabled) return false;
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.otpSendAccount, user.id, now);
  await deps.db.transaction(async (tx) => {
    const code = await issueOtp(tx, {
      userId: user.id,
      purpose: 'step_up',
      ttlMs: OTP_TTL_MS,
      now,
      secret: deps.keys.oneTimeCodes,
    });
    await enqueueMail(deps, tx, deps.mail.stepUpCode(user.email, code));
  });
  return true;
}

/**
 * POST /api/auth/step-up: the session proves again that the account holder is at it, with any one of the password, a
 * second-factor code or a passkey. For STEP_UP_WINDOW_MS it may then reveal card details and make large loads.
 */
export async function stepUpSession(
  deps: Deps,
  principal: Principal,
  input: StepUpBody,
  ctx: RequestContext,
): Promise<Date> {
  const { user } = principal;
  const now = deps.now();
  await limitStepUps(deps, user.id);
  let method: string;
  if (input.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, input.password))) throw wrongPassword('password', true);
    method = 'password';
  } else {
    const factors = await secondFactorsOf(deps.db, user);
    if (input.code !== undefined && !factors.totp && !factors.email) {
      throw new AppError('ValidationError', 'This account has no codes. Confirm with your password.', {
        fields: { code: 'This account has no codes.' },
      });
    }
    method = await verifySecondFactor(deps, principal, factors, input, ctx);
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, principal.sessionId));
    await audit(tx, {
      action: 'auth.step_up',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { method },
    });
  });
  return new Date(now.getTime() + STEP_UP_WINDOW_MS);
}

/** When this session's last step-up stops counting, or null when it has none that still does. */
export async function steppedUpUntil(deps: Deps, sessionId: string): Promise<Date | null> {
  const [row] = await deps.db.select({ at: sessions.steppedUpAt }).from(sessions).where(eq(sessions.id, sessionId));
  if (!row?.at) return null;
  const until = new Date(row.at.getTime() + STEP_UP_WINDOW_MS);
  return until > deps.now() ? until : null;
}

export const STEP_UP_REQUIRED_MESSAGE = 'Confirm it is you first: your password, a code or a passkey.';

/** Refuses with 403 StepUpRequired unless this session stepped up within the last STEP_UP_WINDOW_MS. */
export async function assertSteppedUp(deps: Deps, sessionId: string): Promise<void> {
  if (!(await steppedUpUntil(deps, sessionId))) throw new AppError('StepUpRequired', STEP_UP_REQUIRED_MESSAGE);
}

/** What the step-up form may offer this user, and whether this session's step-up still counts. */
export async function stepUpMethods(deps: Deps, principal: Principal): Promise<StepUpMethods> {
  const factors = await secondFactorsOf(deps.db, principal.user);
  const until = await steppedUpUntil(deps, principal.sessionId);
  return {
    password: true,
    authenticator: factors.totp,
    emailCode: factors.email,
    passkey: factors.passkey,
    steppedUpUntil: until?.toISOString() ?? null,
  };
}
