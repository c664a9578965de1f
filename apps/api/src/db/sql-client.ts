import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/** What of a Drizzle database or transaction this needs (structural, so db/client.ts can use this file). */
type DrizzleExecutor = { execute: (query: SQL) => Promise<unknown> };

/** Rows of a query, whichever driver ran it. */
export type SqlRows = { rows: Record<string, unknown>[] };

/**
 * Plain SQL text with `$n` parameters, the shape the job engine speaks (pg-boss's `db.executeSql`). The app's own
 * code goes through Drizzle; this is for a library that brings its own SQL.
 */
export type SqlClient = { executeSql: (text: string, values?: unknown[]) => Promise<SqlRows> };

/** The database's own connection (the pool, or the embedded PGlite) as a SqlClient. */
export function sqlClientOf(db: object): SqlClient {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return {
      // Text without parameters may hold several statements (the engine's migrations and maintenance).
      executeSql: async (text, values) => {
        const result = (await client.query(text, values && values.length > 0 ? values : undefined)) as unknown;
        return lastResult(result);
      },
    };
  }
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return (await client.query(text, values.map(nullForUndefined))) as SqlRows;
        try {
          return lastResult(await client.exec(text));
        } catch (error) {
          // A failed multi-statement script can leave its BEGIN open on the one embedded connection.
          if (!client.closed) await client.exec('rollback').catch(() => undefined);
          throw error;
        }
      },
    };
  }
  throw new Error('unknown database client');
}

/** An open Drizzle transaction as a SqlClient, so a library's write joins the caller's transaction. */
export function transactionSqlClient(tx: DrizzleExecutor): SqlClient {
  return {
    async executeSql(text, values = []) {
      const result = (await tx.execute(withParameters(text, values))) as unknown as SqlRows;
      return { rows: result.rows };
    },
  };
}

/** `$n` placeholders become Drizzle parameters (renumbered in order, so a repeated `$1` is sent twice). */
export function withParameters(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    const position = Number(part) - 1;
    if (position < 0 || position >= values.length) throw new Error(`no value for $${part}`);
    // sql.param keeps an array one parameter (a template would spread it into a list).
    chunks.push(sql`${sql.param(nullForUndefined(values[position]))}`);
  });
  return sql.join(chunks);
}

const nullForUndefined = (value: unknown) => (value === undefined ? null : value);

function lastResult(result: unknown): SqlRows {
  const list = Array.isArray(result) ? result : [result];
  const withRows = [...list].reverse().find((item) => Array.isArray((item as SqlRows | undefined)?.rows)) as
    | SqlRows
    | undefined;
  return { rows: withRows?.rows ?? [] };
}
