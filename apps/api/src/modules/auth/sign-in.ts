import type { AuditAction } from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { whereabouts } from '../../lib/whereabouts.js';
import { raiseAlert } from '../alerts/raise-alert.js';
import { audit } from '../audit/audit.js';
import type { SessionTokens } from './cookies.js';
import { isKnownDevice } from './device-cookie.js';
import { createSession } from './sessions.service.js';

/** Who is signing in, and whether their browser has signed in to a given account before (device-cookie.ts). */
export type SignInContext = RequestContext & { isKnownDevice: (userId: string) => boolean };

export function signInContextOf(request: FastifyRequest, deps: Deps): SignInContext {
  return {
    ...contextOf(request),
    isKnownDevice: (userId) => isKnownDevice(request, deps.config, deps.keys.devices, userId),
  };
}

/**
 * The end of every completed sign-in (password, second factor, passkey): the session, its audit record and, when this
 * browser has not signed in to the account before (no valid proof for this account in its device cookie,
 * device-cookie.ts), an alert to the owner (always mailed), all in the caller's transaction.
 */
export async function openSession(
  deps: Deps,
  tx: Executor,
  user: UserRow,
  ctx: SignInContext,
  record: { action: AuditAction; details?: Record<string, unknown> },
): Promise<SessionTokens> {
  const known = ctx.isKnownDevice(user.id);
  await audit(tx, {
    action: record.action,
    targetUserId: user.id,
    ip: ctx.ip,
    details: { ...record.details, ...(known ? {} : { newDevice: true }) },
  });
  if (!known) await raiseAlert(deps, tx, { userId: user.id, kind: 'new_device_sign_in', where: whereabouts(ctx) });
  return createSession(deps, tx, user.id, ctx);
}
