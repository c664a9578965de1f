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
