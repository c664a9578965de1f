import type { CredentialStepUp, Passkey, PasskeyAttestation } from '@coincard/shared';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { passkeys, users } from '../../../db/schema/index.js';
import type { Deps, RequestContext } from '../../../deps.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { enqueueMail } from '../../../providers/mail/mail-queue.js';
import { audit } from '../../audit/audit.js';
import { revokeSessions } from '../sessions.service.js';
import { hasSecondFactor, type Principal, secondFactorsOf, verifyStepUp } from '../step-up.js';
import { assertAdminKeepsSecondFactor } from '../totp/admin-second-factor.js';
import { listPasskeys, verifyNewPasskey } from './passkeys.service.js';

const toStepUp = (input: CredentialStepUp) => ({
  currentPassword: input.password,
  code: input.code,
  passkey: input.passkey,
});

/**
 * Adds a passkey: a second factor, so the password and the factor already on are asked for (a stolen session must
 * not put its own passkey on the account), and the owner is told by e-mail. The first second factor of an account
 * turns two-step sign-in on, which ends the account's other sessions as turning the authenticator on does.
 */
export async function addPasskey(
  deps: Deps,
  principal: Principal,
  input: CredentialStepUp & { name: string; credential: PasskeyAttestation },
  ctx: RequestContext,
): Promise<Passkey> {
  const { user } = principal;
  await verifyStepUp(deps, principal, toStepUp(input), ctx);
  const firstFactor = !hasSecondFactor(await secondFactorsOf(deps.db, user));
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if ((held?.n ?? 0) >= 10) throw new AppError('ValidationError', 'An account can have at most 10 passkeys.');
      const row = await verifyNewPasskey(deps, tx, {
        userId: user.id,
        sessionId: principal.sessionId,
        name: input.name,
        credential: input.credential,
      });
      await tx.insert(passkeys).values(row);
      if (firstFactor) {
        await revokeSessions(tx, { userId: user.id, except: principal.sessionId, reason: 'passkey_added', now });
      }
      await audit(tx, {
        action: 'user.passkey_added',
        actorId: user.id,
        targetUserId: user.id,
        ip: ctx.ip,
        details: { passkeyId: row.id, name: row.name, backedUp: row.backedUp },
      });
      await enqueueMail(deps, tx, deps.mail.secondFactorAdded(user.email, `A passkey named “${row.name}”`));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'passkeys_credential_unique')) {
      throw new AppError('ValidationError', 'This passkey is already registered.', {
        fields: { passkey: 'This passkey is already registered.' },
      });
    }
    throw error;
  }
  const list = await listPasskeys(deps.db, user.id);
  const added = list.at(-1);
  if (!added) throw new Error('passkey vanished');
  return added;
}

/** Any id shape reaches here: one that is not a passkey id is simply not one of the user's passkeys. */
const isId = (id: string) => z.uuid().safeParse(id).success;

export async function renamePasskey(deps: Deps, principal: Principal, passkeyId: string, name: string) {
  if (!isId(passkeyId)) throw notFound('Passkey');
  const [renamed] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, principal.user.id)))
    .returning({ id: passkeys.id });
  if (!renamed) throw notFound('Passkey');
}

/**
 * Removes a passkey with the password and a factor (the passkey itself will do), tells the owner, and ends the
 * other sessions. Another user's passkey answers 404 before anything is asked; an administrator keeps a factor.
 */
export async function removePasskey(
  deps: Deps,
  principal: Principal,
  passkeyId: string,
  input: CredentialStepUp,
  ctx: RequestContext,
) {
  const { user } = principal;
  if (!isId(passkeyId)) throw notFound('Passkey');
  const [own] = await deps.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)));
  if (!own) throw notFound('Passkey');
  await verifyStepUp(deps, principal, toStepUp(input), ctx);
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked) throw notFound('User');
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning();
    if (!removed) throw notFound('Passkey');
    await assertAdminKeepsSecondFactor(tx, locked, { email: locked.twoFactorEnabled });
    await revokeSessions(tx, {
      userId: user.id,
      except: principal.sessionId,
      reason: 'passkey_removed',
      now: deps.now(),
    });
    await audit(tx, {
      action: 'user.passkey_removed',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { passkeyId: removed.id, name: removed.name },
    });
    await enqueueMail(deps, tx, deps.mail.secondFactorRemoved(locked.email, `The passkey named “${removed.name}”`));
  });
}
