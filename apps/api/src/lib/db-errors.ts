/** The SQLSTATE of a PostgreSQL error, as both drivers report it (drizzle wraps the driver's error as `cause`). */
function sqlState(error: unknown): { code: string; constraint: unknown } | null {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint };
    current = cause;
  }
  return null;
}

/** PostgreSQL's unique_violation, optionally on one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const state = sqlState(error);
  return state?.code === '23505' && (constraint === undefined || state.constraint === constraint);
}

/** deadlock_detected or serialization_failure: nothing was written, and trying again works. */
export function isTransientConflict(error: unknown): boolean {
  const code = sqlState(error)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * SQLSTATEs that mean the database is going away or not there yet: admin_shutdown, crash_shutdown and
 * cannot_connect_now (a restart or failover), too_many_connections, and the connection_exception class.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

/** Socket errors of a connection to the database that is refused, cut, or cannot find its host. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and its pool say when a connection dies or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * The database is unreachable or restarting (nothing was decided; trying again later works): a connection refused,
 * reset or terminated, a restart's SQLSTATE, or the pool's connection timeout. Drizzle wraps the driver's error as
 * `cause`; an outgoing HTTP call's network failure (fetch's own cause chain) is not the database and is not matched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 8; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (current instanceof TypeError && message === 'fetch failed') return false;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNREACHABLE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
