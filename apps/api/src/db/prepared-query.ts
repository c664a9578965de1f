import pg from 'pg';
import type { Executor } from './client.js';
import { withParameters } from './sql-client.js';

/** A statement the hot paths send many times a second: fixed text with `$n` parameters, and a name to prepare it by. */
export type PreparedQuery = { name: string; text: string };

/** The driver's connection behind a Drizzle database or transaction (a pool, a pool's client, or PGlite). */
function driverOf(executor: Executor): unknown {
  return (executor as unknown as { session?: { client?: unknown } }).session?.client;
}

/**
 * Runs a fixed statement on whatever the executor is (the database or an open transaction, so it joins the
 * caller's transaction), answering its rows. On PostgreSQL it goes straight to node-postgres as a named statement:
 * each connection parses and plans it once, and no query is built per call. Building the same text through the
 * ORM on every call cost more of the server's CPU than the database spent on it (decisions 020 and 030). Elsewhere
 * (PGlite) it goes through Drizzle as ordinary parameters.
 */
export async function runPrepared<T extends Record<string, unknown>>(
  executor: Executor,
  query: PreparedQuery,
  values: unknown[],
): Promise<T[]> {
  const driver = driverOf(executor);
  if (driver instanceof pg.Pool || driver instanceof pg.Client) {
    const result = await driver.query<T>({ name: query.name, text: query.text, values });
    return result.rows;
  }
  const result = (await executor.execute(withParameters(query.text, values))) as unknown as { rows: T[] };
  return result.rows;
}
