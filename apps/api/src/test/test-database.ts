import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { installJobEngine } from '../jobs/install.js';
import { adminQuery, databaseUrl } from './template-database.js';

/**
 * PGlite in memory by default; with TEST_DATABASE_URL, a fresh PostgreSQL database per test file, dropped at
 * the end, so files never share state and concurrency runs against a real server. It is a copy of the run's migrated
 * template (template-database.ts); the migrations still run, and find nothing to do unless the template is missing.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return openDatabase({ afterMigrations: installJobEngine });
  const name = `coincard_test_${randomBytes(6).toString('hex')}`;
  const template = inject('templateDatabase');
  await adminQuery(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(baseUrl, name);
  const handle = await openDatabase({ url, poolSize: 20, afterMigrations: installJobEngine });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
