import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { installJobEngine } from '../jobs/install.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file copies (test-database.ts); empty on the embedded database. */
    templateDatabase: string;
  }
}

/** The URL of `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Vitest's global set-up: with TEST_DATABASE_URL, the migrations and the job engine's schema are applied once, to a
 * template, and every test file's database is a copy of it (a file copy on the server, about a tenth of the time of
 * migrating ~100 times). Dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // The embedded project empties TEST_DATABASE_URL for its files.
  const baseUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    project.provide('templateDatabase', '');
    return undefined;
  }
  const name = `coincard_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const handle = await openDatabase({
    url: databaseUrl(baseUrl, name),
    poolSize: 2,
    afterMigrations: installJobEngine,
  });
  await handle.close();
  project.provide('templateDatabase', name);
  return async () => {
    await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  };
}
