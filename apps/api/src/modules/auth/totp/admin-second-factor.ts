import type { Executor } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/app-error.js';
import { hasPasskeys } from '../passkeys/passkeys.service.js';
import { isTotpEnabled } from './totp-codes.js';

export const ADMIN_NEEDS_SECOND_FACTOR =
  'Administrators must keep two-factor authentication on. Turn on the other method first.';

/**
 * An administrator's account always has a second factor: a change that would leave none of the e-mail code, the
 * authenticator and a passkey is refused. `after` is what the change leaves; an unknown factor is read from the
 * database (inside the change's transaction, so a passkey deleted by it is already gone). Call it with the user row
 * locked, so two changes at once cannot each leave the other one as the last factor.
 */
export async function assertAdminKeepsSecondFactor(
  db: Executor,
  user: UserRow,
  after: { email: boolean; totp?: boolean },
): Promise<void> {
  if (user.role !== 'admin' || after.email) return;
  const totp = after.totp ?? (await isTotpEnabled(db, user.id));
  if (!totp && !(await hasPasskeys(db, user.id))) throw new AppError('Forbidden', ADMIN_NEEDS_SECOND_FACTOR);
}
