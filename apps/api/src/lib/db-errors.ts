/** PostgreSQL's unique_violation, as both drivers report it (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
    current = cause;
  }
  return false;
}
