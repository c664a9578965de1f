import type { Executor } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/app-error.js';
import { isTotpEnabled } from './totp.service.js';

export const ADMIN_NEEDS_SECOND_FACTOR =
  'Administrators must keep two-factor authentication on. Turn on the other method first.';

/**
 * An administrator's account always has a second factor: a change that would leave neither the e-mail code nor
 * the authenticator on is refused. `after` is what the change leaves; an unknown factor is read from the database.
 * Call it with the user row locked, so two changes at once cannot each leave the other one as the last factor.
 */
export async function assertAdminKeepsSecondFactor(
  db: Executor,
  user: UserRow,
  after: { email: boolean; totp?: boolean },
): Promise<void> {
  if (user.role !== 'admin' || after.email) return;
  const totp = after.totp ?? (await isTotpEnabled(db, user.id));
  if (!totp) throw new AppError('Forbidden', ADMIN_NEEDS_SECOND_FACTOR);
}
