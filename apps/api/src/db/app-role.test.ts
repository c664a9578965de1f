import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { move } from '../modules/ledger/ledger.service.js';
import { balanceOf } from '../modules/ledger/ledger-read.js';
import { openTestDatabase, usingPostgres } from '../test/test-database.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { users } from './schema/index.js';

// PostgreSQL: the app connects as a restricted role made here (roles are cluster-wide, hence the random name), the
// owner migrates and grants it. PGlite has one user: there the triggers alone guard the same statements.
const role = `coincard_app_${randomBytes(5).toString('hex')}`;
let owner: DatabaseHandle & { url?: string };
let app: DatabaseHandle;

beforeAll(async () => {
  owner = await openTestDatabase();
  if (!owner.url) {
    app = owner;
    return;
  }
  const admin = new pg.Client({ connectionString: owner.url });
  await admin.connect();
  await admin.query(`create role ${role} login`);
  await admin.end();
  const appUrl = new URL(owner.url);
  appUrl.username = role;
  app = await openDatabase({ url: appUrl.toString(), poolSize: 2, migrationUrl: owner.url });
});

afterAll(async () => {
  if (app !== owner) await app.close();
  const url = owner.url;
  await owner.close();
  if (url) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  }
});

const refusal = usingPostgres ? /permission denied/ : /append-only|never deleted/;

describe('the app role and the ledger', () => {
  it('moves money but cannot update, delete or truncate ledger entries and transfers', async () => {
    const userId = crypto.randomUUID();
    await app.db.insert(users).values({ id: userId, email: `role-${userId}@example.com`, passwordHash: 'x' });
    const moved = await app.db.transaction((tx) =>
      move(tx, {
        id: `role-${userId}`,
        kind: 'test',
        from: { kind: 'clearing_payments', ref: 'test' },
        to: { kind: 'user_balance', userId },
        amount: 700,
      }),
    );
    expect(moved).toBe(true);
    for (const statement of [
      sql`update ledger_entries set amount = amount * 2`,
      sql`delete from ledger_entries`,
      sql`truncate ledger_entries cascade`,
      sql`update ledger_transfers set kind = 'other'`,
      sql`delete from ledger_transfers`,
      sql`truncate ledger_transfers cascade`,
    ]) {
      await expect(app.db.execute(statement)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(refusal) },
      });
    }
    expect(await balanceOf(app.db, { kind: 'user_balance', userId })).toBe(700);
  });
});
