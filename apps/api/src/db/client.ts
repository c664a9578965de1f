import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameOrmStatements } from './named-statements.js';
import * as schema from './schema/index.js';
import { type SqlClient, sqlClientOf } from './sql-client.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: services take this so callers can compose them. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * What else is installed with the migrations, as the same role (the job engine's schema and queues): `appRole` is
 * the role to grant it to when the owner is another role.
 */
export type AfterMigrations = (owner: SqlClient, appRole?: string) => Promise<void>;

export type DatabaseOptions =
  /**
   * migrationUrl: the owner, who applies migrations and then grants the app's role (the one in `url`) what it needs,
   * minus rewriting the ledger (migration 0009). Without it the app's own role migrates, as in development.
   * connectTimeoutMs: how long a query waits for a connection before it fails (and the request answers 503).
   */
  (
    | { url: string; poolSize?: number; migrationUrl?: string; connectTimeoutMs?: number }
    /** dataDir undefined: an in-memory PGlite (tests). */
    | { dataDir?: string }
  ) & { afterMigrations?: AfterMigrations };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the database is away, a request fails after this instead of waiting on a connection forever.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    });
    // A connection can fail while idle in the pool or while checked out (a database restart terminates every
    // session, 57P01): either way its query fails and the pool replaces it. Without a listener on each client, the
    // 'error' event of a checked-out one would be unhandled and end the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      nameOrmStatements(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    if (options.migrationUrl) {
      const owner = new pg.Client({ connectionString: options.migrationUrl });
      await owner.connect();
      try {
        const appRole = await pool.query<{ role: string }>('select current_user as role');
        const role = appRole.rows[0]?.role;
        await migrateAs(owner, async () => {
          await owner.query('select coincard_grant_app_role($1)', [role]);
          await options.afterMigrations?.(clientSql(owner), role);
        });
      } finally {
        await owner.end();
      }
    } else {
      const client = await pool.connect();
      try {
        await migrateAs(client, async () => {
          await options.afterMigrations?.(clientSql(client));
        });
      } finally {
        client.release();
      }
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm gives the admin's e-mail search an index, as on PostgreSQL (migration 0005).
  const extensions = { pg_trgm };
  const client = options.dataDir
    ? new PGlite(join(options.dataDir, 'pglite'), { extensions })
    : new PGlite({ extensions });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  await options.afterMigrations?.(sqlClientOf(pgliteDb as unknown as Database));
  return { db: pgliteDb as unknown as Database, kind: 'pglite', close: () => client.close() };
}

const clientSql = (client: pg.Client | pg.PoolClient): SqlClient => ({
  executeSql: async (text, values) => {
    const result = (await client.query(text, values && values.length > 0 ? values : undefined)) as unknown;
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    return { rows: (last as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? [] };
  },
});

/** Several instances may start at once: only one applies migrations (and grants) at a time. */
async function migrateAs(client: pg.Client | pg.PoolClient, then?: () => Promise<void>): Promise<void> {
  await client.query('select pg_advisory_lock(7245001)');
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    await then?.();
  } finally {
    await client.query('select pg_advisory_unlock(7245001)').catch(() => undefined);
  }
}

/** Runs raw SQL and answers its rows; both drivers (pg and PGlite) return `{ rows }`. */
export async function executeRows<T extends Record<string, unknown> = Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
