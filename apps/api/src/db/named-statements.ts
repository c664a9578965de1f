import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The ORM sends every query as an unnamed statement, which PostgreSQL parses and plans again on each call. Measured
 * on the card-load bench, parsing and planning took longer than running them (113 µs parse plus 214 µs bind and plan
 * against 263 µs execution per statement; docs/decisions/030-at-the-machines-limits.md). Naming a statement by its
 * text lets each connection parse it once and reuse its plan once a generic one proves as good; the values still
 * travel apart as parameters.
 *
 * Only statements with parameters are named: those are single statements by construction (the extended protocol
 * refuses several), while a parameterless text may be a migration's batch. The ORM lists every column it selects or
 * returns, so a column added by a later release does not change what a kept statement answers; a text that asks
 * for `*` (the job engine's, a raw query's) stays unnamed, because PostgreSQL refuses to run a kept statement whose
 * answer changed shape, which is what another instance's migration would do to it. Each connection
 * names at most MAX_NAMED_PER_CONNECTION texts, which bounds what PostgreSQL keeps per connection: a text built from
 * a varying number of values (an `in` list) is a new text each time, and past the cap new texts stay unnamed.
 */
export const MAX_NAMED_PER_CONNECTION = 400;
/** `select *`, `returning *`, `t.*`: an answer whose columns are whatever the table has. */
const ALL_COLUMNS = /(?:select|returning|,)\s+\*|\.\*/i;

/** Names already worked out (null: never named), so a hot statement is neither hashed nor scanned on every call. */
const knownNames = new Map<string, string | null>();
const MAX_KNOWN_NAMES = 2000;

/** The name a parameterized text is kept under on each connection, or null when it must stay unnamed. */
export function statementNameFor(text: string): string | null {
  const known = knownNames.get(text);
  if (known !== undefined) return known;
  const name = ALL_COLUMNS.test(text)
    ? null
    : `orm_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  if (knownNames.size < MAX_KNOWN_NAMES) knownNames.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** Makes one pooled connection name the ORM's parameterized statements (called on the pool's `connect`). */
export function nameOrmStatements(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  client.query = function namedQuery(this: pg.PoolClient, ...args: unknown[]) {
    const [config, values] = args;
    if (
      config &&
      typeof config === 'object' &&
      !(config as QueryConfig).submit &&
      (config as QueryConfig).name === undefined &&
      typeof (config as QueryConfig).text === 'string' &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementNameFor((config as { text: string }).text);
      if (name && (named.has(name) || named.size < MAX_NAMED_PER_CONNECTION)) {
        named.add(name);
        args[0] = { ...config, name };
      }
    }
    return query.apply(this, args);
  } as typeof client.query;
}
