import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { installJobEngine } from '../jobs/install.js';

/**
 * PGlite in memory by default; with TEST_DATABASE_URL, a fresh PostgreSQL database per test file, dropped at
 * the end, so files never share state and concurrency runs against a real server.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return openDatabase({ afterMigrations: installJobEngine });
  const name = `coincard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 20, afterMigrations: installJobEngine });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
