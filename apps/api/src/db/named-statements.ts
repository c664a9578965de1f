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
 * for `*` (the job engine's, a raw query's) stays unnamed. A column whose type another release changes does change
 * it: PostgreSQL then refuses the kept statement once, and the connection stops naming that text (retiresName).
 * PostgreSQL keeps up to about 100 kB per statement, so only texts called often are named (USES_BEFORE_NAMING),
 * each connection names at most MAX_NAMED_PER_CONNECTION, and an `in` list of several values is never named, since
 * every length is a new text.
 */
export const MAX_NAMED_PER_CONNECTION = 150;
/**
 * Texts never named. `select *`, `returning *`, `t.*`: an answer whose columns are whatever the table has. An `in`
 * list of two or more values (`in ($1, $2)`): a new text for each length, which would fill a connection's places.
 */
const NEVER_NAMED = /(?:select|distinct|returning|,)\s+\*|\.\*|\bin \(\$\d+,/i;

/** A text is named from its USES_BEFORE_NAMING-th call in this process: a statement run now and then is not kept. */
const USES_BEFORE_NAMING = 3;
/** Texts seen, their name (null: never named) and calls so far; bounded, and a text past the bound stays unnamed. */
const seen = new Map<string, { name: string | null; uses: number }>();
const MAX_SEEN_TEXTS = 2000;

/** The name a parameterized text is kept under on each connection, or null when it stays unnamed (for now). */
export function statementNameFor(text: string): string | null {
  let entry = seen.get(text);
  if (!entry) {
    if (seen.size >= MAX_SEEN_TEXTS) return null;
    const name = NEVER_NAMED.test(text)
      ? null
      : `orm_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    entry = { name, uses: 0 };
    seen.set(text, entry);
  }
  if (entry.uses < USES_BEFORE_NAMING) entry.uses += 1;
  return entry.uses >= USES_BEFORE_NAMING ? entry.name : null;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * Errors after which a connection stops using a name: 0A000, PostgreSQL refusing a kept statement whose answer
 * changed type (another instance's migration altered a column it returns); 26000, a statement the server no longer
 * has; and any error raised by the driver itself (no SQLSTATE), such as a value it could not convert, after which
 * it closes the statement on the server while still counting it as prepared. The call that met the error fails as
 * it would have; the same text then goes unnamed on that connection.
 */
function retiresName(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '0A000' || code === '26000' || typeof code !== 'string';
}

/** Makes one pooled connection name the ORM's parameterized statements (called on the pool's `connect`). */
export function nameOrmStatements(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  const retired = new Set<string>();
  client.query = function namedQuery(this: pg.PoolClient, ...args: unknown[]) {
    const [config, values] = args;
    if (
      !config ||
      typeof config !== 'object' ||
      (config as QueryConfig).submit ||
      (config as QueryConfig).name !== undefined ||
      typeof (config as QueryConfig).text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0
    ) {
      return query.apply(this, args);
    }
    const name = statementNameFor((config as { text: string }).text);
    if (!name || retired.has(name) || (!named.has(name) && named.size >= MAX_NAMED_PER_CONNECTION)) {
      return query.apply(this, args);
    }
    named.add(name);
    args[0] = { ...config, name };
    const retireOn = (error: unknown) => {
      if (retiresName(error)) retired.add(name);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        if (error) retireOn(error);
        callback(error, result);
      };
    }
    let answer: unknown;
    try {
      answer = query.apply(this, args);
    } catch (error) {
      retireOn(error);
      throw error;
    }
    if (answer instanceof Promise) {
      return answer.catch((error: unknown) => {
        retireOn(error);
        throw error;
      });
    }
    return answer;
  } as typeof client.query;
}
