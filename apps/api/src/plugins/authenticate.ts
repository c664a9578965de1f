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

/** Loads who is asking from the access cookie; every call goes through here, so suspension bites at once. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<Principal> {
  const { accessToken } = readSessionCookies(request, deps.config);
  if (!accessToken || accessToken.length > 300) throw sessionOver();
  const now = deps.now();
  const sessionId = readAccessToken(deps.keys.accessTokens, accessToken, now);
  if (!sessionId) throw sessionOver();
  const row = await sessionLookup(deps.db)(sessionId, now);
  if (!row) throw sessionOver();
  if (row.user.suspended) throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
  request.principal = { user: row.user, sessionId, balance: row.balance };
  return request.principal;
}

/** An onRequest hook that admits only the given roles; anyone else gets 403 (or 401 when not signed in). */
export function requireRole(deps: Deps, roles: readonly Role[]) {
  return async (request: FastifyRequest) => {
    const { user } = await authenticate(deps, request);
    if (!roles.includes(user.role)) throw new AppError('Forbidden', 'You do not have access to this.');
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw sessionOver();
  return request.principal;
}
