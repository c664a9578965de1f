// Starts the built app for the end-to-end run on a fresh database, exactly as `npm start` does: the embedded one in
// DATA_DIR by default, or, with E2E_DATABASE_URL, a PostgreSQL database of that name created anew on that server
// (through E2E_ADMIN_DATABASE_URL, another database on it).
import { rmSync } from 'node:fs';
import pg from 'pg';

if (process.env.E2E_DATABASE_URL) {
  const url = new URL(process.env.E2E_DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`E2E_DATABASE_URL: "${name}" is not a plain database name`);
  const admin = new pg.Client({ connectionString: process.env.E2E_ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  process.env.DATABASE_URL = url.toString();
} else {
  rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
await import('../apps/api/dist/server.js');
