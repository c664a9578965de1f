import { ROLES, type Role } from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import { type PreparedQuery, runPrepared } from '../db/prepared-query.js';
import type { Deps } from '../deps.js';
import { admit, authenticate, sessionIdOf } from './authenticate.js';
import { SESSION_ME_SQL, toPrincipalRow } from './session-lookup.js';

/** A read of the signed-in user's own data, defined once (`defineOwnRead`) and sent as a named statement. */
export type OwnRead = { name: string; roles: readonly Role[]; statement: PreparedQuery };

/**
 * The session lookup and the read as one statement: `me` is the session's user, and the read runs only for a user
 * the route admits (not suspended, one of its roles), so nothing of theirs is read for anyone else. A list the
 * dashboard polls paid for two round trips to PostgreSQL per request, and on this kind of machine a round trip
 * (the writes and wake-ups on both sides) costs more than either query
 * (docs/decisions/030-at-the-machines-limits.md, fifth pass).
 */
export function defineOwnRead(read: {
  /** The statement's name on each connection. */
  name: string;
  roles: readonly Role[];
  /**
   * A query of one column, the answer's JSON text, written against `me` (the user's row: `me.id`, `me.email`),
   * with parameters of its own from $3 on ($1 and $2 are the session's).
   */
  text: string;
}): OwnRead {
  // Both are written into the statement's text: only known roles, and the session's own two parameters untouched.
  if (read.roles.some((role) => !ROLES.includes(role))) throw new Error(`${read.name}: unknown role`);
  if (/\$[12](?!\d)/.test(read.text)) throw new Error(`${read.name}: $1 and $2 are the session's`);
  const roles = read.roles.map((role) => `'${role}'`).join(', ');
  return {
    name: read.name,
    roles: read.roles,
    statement: {
      name: read.name,
      text: `with me as (${SESSION_ME_SQL})
select me.principal, case when not me.suspended and me.role in (${roles}) then (${read.text}) end as answer
from me`,
    },
  };
}

/**
 * Answers `read` for whoever the access cookie names, in one round trip: 401 without a live session, 403 for a
 * suspended account or a role the read does not admit, exactly as `requireRole` would. The principal is recorded on
 * the request as `authenticate` records it. The route declares `attachValidation: true` and no onRequest check: its
 * input is judged only after the session here, as on every other signed-in route, so an ended session with a bad
 * query string is still a 401.
 */
export async function authenticatedRead(
  deps: Deps,
  request: FastifyRequest,
  read: OwnRead,
  values: unknown[],
): Promise<string> {
  if (request.validationError) {
    await authenticate(deps, request, read.roles);
    throw request.validationError;
  }
  const now = deps.now();
  const sessionId = sessionIdOf(deps, request, now);
  const [row] = await runPrepared<{ principal: unknown[]; answer: string | null }>(deps.db, read.statement, [
    sessionId,
    now.toISOString(),
    ...values,
  ]);
  admit(request, sessionId, row ? toPrincipalRow(row.principal) : undefined, read.roles);
  if (row?.answer == null) throw new Error(`${read.name}: the read answered nothing for an admitted user`);
  return row.answer;
}
