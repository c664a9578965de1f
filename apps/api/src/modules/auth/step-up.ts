import { OTP_TTL_MS, type StepUpFields } from '@coincard/shared';
import type { UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { issueOtp, verifyOtp } from './one-time-codes.service.js';
import { verifyPassword } from './passwords.js';
import { acceptSecondFactorCode, isTotpEnabled } from './totp/totp.service.js';

const STEP_UP_EXPIRED = 'This code has expired or was used too many times. Send a new code.';

/**
 * The one check a session must pass before it may change e-mail, password or two-factor: the current password,
 * and the second factor when two-factor is on. A stolen session alone therefore cannot take the account over.
 * Second factors other than the mailed code (an authenticator app) plug in here.
 */
export async function verifyStepUp(
  deps: Deps,
  user: UserRow,
  input: Partial<StepUpFields>,
  ctx: RequestContext,
): Promise<void> {
  // Counted per account so a stolen session cannot guess the password through here at speed.
  await hitRateLimit(deps.db, RATE_RULES.stepUpAccount, user.id, deps.now());
  if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const message = input.currentPassword ? 'Your current password is incorrect.' : 'Current password is required.';
    throw new AppError('ValidationError', message, { fields: { currentPassword: message } });
  }
  const totp = await isTotpEnabled(deps.db, user.id);
  if (!user.twoFactorEnabled && !totp) return;
  if (!input.code) {
    const message = user.twoFactorEnabled
      ? 'Enter the 6-digit code we sent to your e-mail.'
      : 'Enter the 6-digit code from your authenticator app.';
    throw new AppError('ValidationError', message, { fields: { code: message } });
  }
  // An authenticator or recovery code when the app is set up; otherwise (or besides) the mailed step-up code.
  if (totp && (await acceptSecondFactorCode(deps, deps.db, user.id, input.code, ctx))) return;
  if (!user.twoFactorEnabled) {
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
