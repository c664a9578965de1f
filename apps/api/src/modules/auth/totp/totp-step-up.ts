import type { UserRow } from '../../../db/schema/index.js';
import type { Deps, RequestContext } from '../../../deps.js';
import { AppError } from '../../../lib/app-error.js';
import { hitRateLimit, RATE_RULES } from '../../../lib/rate-limit.js';
import { verifyPassword } from '../passwords.js';
import { acceptSecondFactorCode, isTotpEnabled } from './totp-codes.js';

/**
 * Step-up for the authenticator's own settings (turn off, new recovery codes): a stolen session is not enough, the
 * current password and a current authenticator or recovery code are asked for. Kept apart from the e-mail and
 * password step-up so the two can be made one check.
 */
export async function verifyTotpStepUp(
  deps: Deps,
  user: UserRow,
  input: { password: string; code: string },
  ctx: RequestContext,
): Promise<void> {
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.twoFactorAccount, user.id, now);
  await hitRateLimit(deps.db, RATE_RULES.stepUpAccountDay, user.id, now);
  if (!(await isTotpEnabled(deps.db, user.id))) {
    throw new AppError('ValidationError', 'The authenticator app is not set up.');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const message = 'Your password is incorrect.';
    throw new AppError('ValidationError', message, { fields: { password: message } });
  }
  if (!(await acceptSecondFactorCode(deps, deps.db, user.id, input.code, ctx))) {
    throw new AppError('InvalidCode', 'Incorrect code. Enter the current code from your authenticator app.', {
      fields: { code: 'Incorrect code.' },
    });
  }
}
