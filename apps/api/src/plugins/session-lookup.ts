import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema/index.js';

/** A live session's user and balance, or nothing when the session is unknown, revoked or expired. */
export type SessionLookup = (sessionId: string, now: Date) => Promise<{ user: UserRow; balance: number } | undefined>;

// One round trip: the session, its user and the user's balance, as one JSON array. One column instead of twelve
// spared both sides the per-column work (describing, sending and parsing each field, two timestamp parses): about
// 10% of the server's CPU per request and as much of PostgreSQL's. The balance is found through the ledger's owner
// index, whose expression is coalesce(user_id::text, ''), so the comparison is written the same way.
const PRINCIPAL_COLUMN = `json_build_array(u.id, u.email, u.password_hash, u.role, u.verified,
  u.two_factor_enabled, u.suspended, u.cardholder_id, u.referred_by_code, u.created_at, u.updated_at,
  coalesce((select la.balance from ledger_accounts la
    where la.kind = 'user_balance' and coalesce(la.user_id::text, '') = u.id::text and la.ref = ''), 0)) as principal`;
const LIVE_SESSION = `from sessions s join users u on u.id = s.user_id
where s.id = $1 and s.revoked_at is null and s.expires_at > $2`;
const SESSION_LOOKUP_SQL = `select ${PRINCIPAL_COLUMN}\n${LIVE_SESSION}`;

/**
 * The same lookup as a row to build on (`me`): the principal as above beside the user's id, e-mail, role and
 * suspension, for a statement that reads the user's own data in the same round trip (authenticated-read.ts).
 * Its parameters are $1 (the session id) and $2 (now), as the lookup's.
 */
export const SESSION_ME_SQL = `select u.id, u.email, u.role, u.suspended, ${PRINCIPAL_COLUMN}\n${LIVE_SESSION}`;

type Cell = unknown;

const asDate = (value: Cell) => (value instanceof Date ? value : new Date(String(value)));
const asText = (value: Cell) => (value === null || value === undefined ? null : String(value));

/**
 * The array's items in SESSION_LOOKUP_SQL's order; timestamps arrive as ISO strings, the balance as a JSON number.
 * Written out as a UserRow literal, so a column added to `users` fails the type check here until the lookup selects
 * it too.
 */
export function toPrincipalRow(cells: Cell[]): { user: UserRow; balance: number } {
  const user: UserRow = {
    id: String(cells[0]),
    email: String(cells[1]),
    passwordHash: String(cells[2]),
    role: cells[3] === 'admin' ? 'admin' : 'user',
    verified: cells[4] === true,
    twoFactorEnabled: cells[5] === true,
    suspended: cells[6] === true,
    cardholderId: asText(cells[7]),
    referredByCode: asText(cells[8]),
    createdAt: asDate(cells[9]),
    updatedAt: asDate(cells[10]),
  };
  return { user, balance: Number(cells[11]) };
}

/**
 * The lookup every authenticated request makes, straight through the driver: a named (server-side prepared)
 * statement on PostgreSQL, one JSON column, and the mapping above. Through the ORM the same query cost more CPU in
 * building, wrapping and mapping than the database spent answering it
 * (docs/decisions/020-authenticated-read-performance.md). It still asks the database every time: nothing is cached,
 * so a logout, a revocation or a suspension bites on the next request.
 */
function buildSessionLookup(db: Database): SessionLookup {
  const client = (db as unknown as { $client: unknown }).$client;
  // An ISO string, not a Date: both drivers send it as text, and PostgreSQL reads it as a timestamptz.
  if (client instanceof pg.Pool) {
    return async (sessionId, now) => {
      const { rows } = await client.query<Cell[]>({
        name: 'authenticate_session',
        text: SESSION_LOOKUP_SQL,
        values: [sessionId, now.toISOString()],
        rowMode: 'array',
      });
      return rows[0] ? toPrincipalRow(rows[0][0] as Cell[]) : undefined;
    };
  }
  if (client instanceof PGlite) {
    return async (sessionId, now) => {
      const { rows } = await client.query<Cell[]>(SESSION_LOOKUP_SQL, [sessionId, now.toISOString()], {
        rowMode: 'array',
      });
      return rows[0] ? toPrincipalRow(rows[0][0] as Cell[]) : undefined;
    };
  }
  throw new Error('The session lookup supports node-postgres pools and PGlite only.');
}

const lookups = new WeakMap<Database, SessionLookup>();

/** The session lookup for this database, built on first use. */
export function sessionLookup(db: Database): SessionLookup {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}
