import type { Role } from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/app-error.js';
import { readSessionCookies } from '../modules/auth/cookies.js';
import { readAccessToken } from '../modules/auth/session-tokens.js';
import { sessionLookup } from './session-lookup.js';

/** Who is asking, with their balance: the signed-in user's own page needs nothing more than this one query. */
export type Principal = { user: UserRow; sessionId: string; balance: number };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The answer to a request whose session has ended: the app renews it or signs the person out. */
export const sessionOver = () => new AppError('InvalidAccessToken', 'Please sign in to continue.');

/** Whether a session is still live (not revoked, not expired, its user not suspended): for a check made again later. */
export async function isSessionLive(deps: Deps, sessionId: string): Promise<boolean> {
  const row = await sessionLookup(deps.db)(sessionId, deps.now());
  return Boolean(row && !row.user.suspended);
}

/** The session the access cookie names, checked by its signature and expiry alone (no query); 401 without one. */
export function sessionIdOf(deps: Deps, request: FastifyRequest, now: Date): string {
  const { accessToken } = readSessionCookies(request, deps.config);
  if (!accessToken || accessToken.length > 300) throw sessionOver();
  const sessionId = readAccessToken(deps.keys.accessTokens, accessToken, now);
  if (!sessionId) throw sessionOver();
  return sessionId;
}

/**
 * Admits the session's user (found live in the database: unknown, revoked or expired answers nothing) when
 * `roles` has their role, and records them on the request. 401 without a live session, 403 for a suspended account
 * or another role.
 */
export function admit(
  request: FastifyRequest,
  sessionId: string,
  row: { user: UserRow; balance: number } | undefined,
  roles: readonly Role[],
): Principal {
  if (!row) throw sessionOver();
  if (row.user.suspended) throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
  if (!roles.includes(row.user.role)) throw new AppError('Forbidden', 'You do not have access to this.');
  request.principal = { user: row.user, sessionId, balance: row.balance };
  return request.principal;
}

/** Loads who is asking from the access cookie; every call goes through here, so suspension bites at once. */
export async function authenticate(
  deps: Deps,
  request: FastifyRequest,
  roles: readonly Role[] = ['user', 'admin'],
): Promise<Principal> {
  const now = deps.now();
  const sessionId = sessionIdOf(deps, request, now);
  return admit(request, sessionId, await sessionLookup(deps.db)(sessionId, now), roles);
}

/** An onRequest hook that admits only the given roles; anyone else gets 403 (or 401 when not signed in). */
export function requireRole(deps: Deps, roles: readonly Role[]) {
  return async (request: FastifyRequest) => {
    await authenticate(deps, request, roles);
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw sessionOver();
  return request.principal;
}
