import type { Session } from '@coincard/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sessions } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { whereabouts } from '../../lib/whereabouts.js';
import { audit } from '../audit/audit.js';
import { revokeSessions } from './sessions.service.js';
import type { Principal } from './step-up.js';

/**
 * "Where you are signed in": the user's live sessions, the one asking marked. Device and place are read from what was
 * recorded at sign-in and at the last refresh (lib/whereabouts.ts): no address leaves the server for a lookup.
 */
export async function listSessions(deps: Deps, principal: Principal): Promise<Session[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, principal.user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  // This one first, then the others by when they were last seen.
  const ordered = [
    ...rows.filter((row) => row.id === principal.sessionId),
    ...rows.filter((row) => row.id !== principal.sessionId),
  ];
  return ordered.map((row) => ({
    _id: row.id,
    ...whereabouts({ userAgent: row.userAgent, ip: row.lastIp ?? row.ip }),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: (row.id === principal.sessionId ? deps.now() : (row.lastSeenAt ?? row.createdAt)).toISOString(),
    current: row.id === principal.sessionId,
  }));
}

/** Ends one of the user's other sessions; another user's (or an unknown) id answers 404, this one 400. */
export async function endSession(deps: Deps, principal: Principal, id: string, ctx: RequestContext) {
  // PostgreSQL reads a uuid in either case: this session is recognised however its id is written.
  const sessionId = id.toLowerCase();
  if (sessionId === principal.sessionId) {
    throw new AppError('ValidationError', 'This is the session you are using: sign out instead.');
  }
  if (!z.uuid().safeParse(sessionId).success) throw notFound('Session');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [ended] = await revokeSessions(tx, {
      sessionId,
      ofUser: principal.user.id,
      unexpiredOnly: true,
      reason: 'ended_by_user',
      now,
    });
    if (!ended) throw notFound('Session');
    await audit(tx, {
      action: 'user.session_ended',
      actorId: principal.user.id,
      targetUserId: principal.user.id,
      ip: ctx.ip,
      details: { sessionId: ended },
    });
  });
}

/** Ends every session of the user but this one; answers how many ended. */
export async function endOtherSessions(deps: Deps, principal: Principal, ctx: RequestContext): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const ended = await revokeSessions(tx, {
      userId: principal.user.id,
      except: principal.sessionId,
      unexpiredOnly: true,
      reason: 'ended_by_user',
      now,
    });
    await audit(tx, {
      action: 'user.other_sessions_ended',
      actorId: principal.user.id,
      targetUserId: principal.user.id,
      ip: ctx.ip,
      details: { ended: ended.length },
    });
    return ended.length;
  });
}
