import type { Role } from '@coincard/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { sessions, type UserRow, users } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/app-error.js';
import { readSessionCookies } from '../modules/auth/cookies.js';
import { readAccessToken } from '../modules/auth/session-tokens.js';
import { userBalanceSql } from '../modules/ledger/ledger-read.js';

/** Who is asking, with their balance: the signed-in user's own page needs nothing more than this one query. */
export type Principal = { user: UserRow; sessionId: string; balance: number };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const invalidAccess = () => new AppError('InvalidAccessToken', 'Please sign in to continue.');

function buildSessionLookup(db: Database) {
  return db
    .select({ user: users, balance: userBalanceSql() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('authenticate_session');
}

/**
 * The session lookup runs on every authenticated request, so it is built once per database and sent as a named
 * (server-side prepared) statement: building the query through the ORM on each request cost more CPU than the
 * database's answer (docs/decisions/020-authenticated-read-performance.md). It still asks the database every time: nothing is cached.
 */
const sessionLookups = new WeakMap<Database, ReturnType<typeof buildSessionLookup>>();

function sessionLookup(db: Database) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/** Loads who is asking from the access cookie; every call goes through here, so suspension bites at once. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<Principal> {
  const { accessToken } = readSessionCookies(request, deps.config);
  if (!accessToken || accessToken.length > 300) throw invalidAccess();
  const now = deps.now();
  const sessionId = readAccessToken(deps.keys.accessTokens, accessToken, now);
  if (!sessionId) throw invalidAccess();
  // An ISO string, not a Date: placeholders skip the column's own encoding, and both drivers read this one alike.
  const [row] = await sessionLookup(deps.db).execute({ sessionId, now: now.toISOString() });
  if (!row) throw invalidAccess();
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
  if (!request.principal) throw invalidAccess();
  return request.principal;
}
