import { count, eq } from 'drizzle-orm';
import { passkeys, recoveryCodes, totpCredentials, type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { audit } from '../audit/audit.js';
import { afterCredentialChange } from '../auth/credential-change.js';
import { refuseAdminAction } from './admin-refusals.js';

/**
 * Support's way back in for someone who lost their authenticator and passkeys (or whose account a thief put their
 * own on): removes them and the recovery codes, turns the e-mail code on so the account is never left with the
 * password alone, and ends every session. The admin learns nothing that signs in: the next sign-in still needs the
 * user's password and a code mailed to the user's own address, where the user then sets up a new factor
 * (docs/decisions/027-account-takeover.md). Not for administrators (their factors are theirs to change) nor oneself.
 */
export async function resetSecondFactor(deps: Deps, admin: UserRow, targetId: string, ctx: RequestContext) {
  const [target] = await deps.db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw notFound('User');
  const refuse = (message: string) =>
    refuseAdminAction(
      deps,
      ctx,
      { adminId: admin.id, targetUserId: target.id, attempted: 'second_factor_reset' },
      new AppError('Forbidden', message),
    );
  if (target.id === admin.id) throw await refuse('Change your own sign-in methods in Profile Settings.');
  if (target.role === 'admin') throw await refuse("You cannot reset another administrator's two-step sign-in.");
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!locked) throw notFound('User');
    const [totp] = await tx.select({ n: count() }).from(totpCredentials).where(eq(totpCredentials.userId, target.id));
    const removedPasskeys = await tx
      .delete(passkeys)
      .where(eq(passkeys.userId, target.id))
      .returning({ id: passkeys.id });
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, target.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id));
    await tx.update(users).set({ twoFactorEnabled: true, updatedAt: now }).where(eq(users.id, target.id));
    // Whoever holds a session may be why support was asked: every one ends, and every open code is void.
    await afterCredentialChange(tx, { userId: target.id, reason: 'second_factor_reset', now });
    await audit(tx, {
      action: 'admin.second_factor_reset',
      actorId: admin.id,
      targetUserId: target.id,
      ip: ctx.ip,
      details: {
        authenticator: (totp?.n ?? 0) > 0,
        passkeys: removedPasskeys.length,
        emailCodeWasOn: locked.twoFactorEnabled,
      },
    });
    await enqueueMail(deps, tx, deps.mail.secondFactorReset(locked.email));
  });
  return {
    message: 'The authenticator app and passkeys are removed; e-mail codes are on. The user was signed out everywhere.',
    isTwoFactorEnabled: true,
  };
}
