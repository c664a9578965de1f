import { ROLES, type Role } from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import { type PreparedQuery, runPrepared } from '../db/prepared-query.js';
import type { Deps } from '../deps.js';
import { admit, authenticate, sessionIdOf } from './authenticate.js';
import { SESSION_ME_SQL, toPrincipalRow } from './session-lookup.js';

/** A read of the signed-in user's own data, defined once (`defineOwnRead`) and sent as a named statement. */
export type OwnRead = { name: string; roles: readonly Role[]; statement: PreparedQuery };

/**
 * Both kinds of read: checked (only known roles, $1 and $2 left to the session) and written after the session's
 * `me`, with `select` given the condition a user is admitted by. The principal is answered as `own_read_principal`.
 */
function ownStatement(
  read: { name: string; roles: readonly Role[]; text: string; check?: string },
  select: (admitted: string) => string,
): OwnRead {
  // Both are written into the statement's text.
  if (read.roles.some((role) => !ROLES.includes(role))) throw new Error(`${read.name}: unknown role`);
  if (/\$[12](?!\d)/.test(read.text + (read.check ?? ''))) throw new Error(`${read.name}: $1 and $2 are the session's`);
  const admitted = `not me.suspended and me.role in (${read.roles.map((role) => `'${role}'`).join(', ')})`;
  return {
    name: read.name,
    roles: read.roles,
    statement: { name: read.name, text: `with me as (${SESSION_ME_SQL})\n${select(admitted)}` },
  };
}

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
  return ownStatement(
    read,
    (admitted) => `select me.principal as own_read_principal, case when ${admitted} then (${read.text}) end as answer
from me`,
  );
}

/**
 * The same for a read whose answer is rows (`authenticatedRows`): the read's rows, each beside the principal (on the
 * first only) and `check`, a condition on the user's input that the route answers on when it fails (a card filter
 * naming a card that is not theirs); a user with no rows still gets one row, with the principal and the check. The
 * rows are numbered in the order the read gives them and answered in that order, so the read ends in its own
 * `order by` (and `limit`), evaluated before the numbering. The helper's own columns have names of their own
 * (`own_read_…`), and a read may not answer a column of those names: node-postgres keeps the last of two columns
 * with one name, and the principal is what the user is admitted by.
 */
export function defineOwnRows(read: {
  name: string;
  roles: readonly Role[];
  /** A query written against `me`, with parameters of its own from $3 on; its order is kept. */
  text: string;
  /** A boolean expression against `me` and the read's parameters; true when there is none. */
  check?: string;
}): OwnRead {
  if (/\bown_read_/.test(read.text)) throw new Error(`${read.name}: own_read_ names are the helper's`);
  return ownStatement(
    read,
    (
      admitted,
    ) => `select case when r.own_read_n is null or r.own_read_n = 1 then me.principal end as own_read_principal,
  case when ${admitted} then (${read.check ?? 'true'}) end as own_read_check, r.*
from me left join lateral (
  select read.*, row_number() over () as own_read_n from (${read.text}) read where ${admitted}
) r on true
order by r.own_read_n`,
  );
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
  const [row] = await runOwnRead<{ answer: string | null }>(deps, request, read, values);
  if (row?.answer == null) throw new Error(`${read.name}: the read answered nothing for an admitted user`);
  return row.answer;
}

/**
 * Answers a `defineOwnRows` read for whoever the access cookie names, in one round trip, checked as
 * `authenticatedRead` checks: the read's rows, and whether its check passed.
 */
export async function authenticatedRows<T extends Record<string, unknown>>(
  deps: Deps,
  request: FastifyRequest,
  read: OwnRead,
  values: unknown[],
): Promise<{ rows: T[]; passesCheck: boolean }> {
  const rows = await runOwnRead<T & { own_read_check: boolean | null; own_read_n: unknown }>(
    deps,
    request,
    read,
    values,
  );
  return { rows: rows.filter((row) => row.own_read_n !== null), passesCheck: rows[0]?.own_read_check === true };
}

/** The statement for the cookie's session, its first row's principal admitted (or refused) as the route asks. */
async function runOwnRead<T extends Record<string, unknown>>(
  deps: Deps,
  request: FastifyRequest,
  read: OwnRead,
  values: unknown[],
): Promise<T[]> {
  if (request.validationError) await refuseAfterSession(deps, request, read.roles, request.validationError);
  const now = deps.now();
  const sessionId = sessionIdOf(deps, request, now);
  const rows = await runPrepared<T>(deps.db, read.statement, [sessionId, now.toISOString(), ...values]);
  const principal = rows[0]?.own_read_principal as unknown[] | null | undefined;
  admit(request, sessionId, principal ? toPrincipalRow(principal) : undefined, read.roles);
  return rows;
}

/**
 * Refuses input only once the session is known, as every signed-in route refuses: an ended session or a refused
 * account gets its 401 or 403 whatever else is wrong with the request.
 */
export async function refuseAfterSession(
  deps: Deps,
  request: FastifyRequest,
  roles: readonly Role[],
  error: Error,
): Promise<never> {
  await authenticate(deps, request, roles);
  throw error;
}
