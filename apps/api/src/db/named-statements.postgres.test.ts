import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import { type DatabaseHandle, executeRows, openDatabase } from './client.js';
import { MAX_NAMED_PER_CONNECTION, statementNameFor } from './named-statements.js';
import { users } from './schema/index.js';

let created: DatabaseHandle & { url?: string };
// One connection, so what it has prepared is what every query below went through.
let one: DatabaseHandle;

beforeAll(async () => {
  created = await openTestDatabase();
  one = await openDatabase({ url: created.url ?? '', poolSize: 1 });
});

afterAll(async () => {
  await one.close();
  await created.close();
});

async function prepared(): Promise<{ name: string; statement: string }[]> {
  return executeRows<{ name: string; statement: string }>(
    one.db,
    sql`select name, statement from pg_prepared_statements order by name`,
  );
}

async function addUser(email: string): Promise<string> {
  const id = randomUUID();
  await one.db.insert(users).values({ id, email, passwordHash: 'x', verified: true });
  return id;
}

describe('the ORM statements on PostgreSQL', () => {
  it('parses a parameterized statement once per connection and answers each call with its own values', async () => {
    const first = await addUser(`named-${randomUUID()}@example.com`);
    const second = await addUser(`named-${randomUUID()}@example.com`);
    const byId = (id: string) =>
      one.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));

    const [a] = await byId(first);
    const [b] = await byId(second);
    expect(a?.id).toBe(first);
    expect(b?.id).toBe(second);

    const text = byId(first).toSQL().sql;
    const kept = (await prepared()).filter((row) => row.statement === text);
    expect(kept).toEqual([{ name: statementNameFor(text), statement: text }]);
    expect(kept[0]?.name).toMatch(/^orm_/);
  });

  it('names statements inside a transaction too, and a failed one rolls the transaction back as before', async () => {
    const email = `named-tx-${randomUUID()}@example.com`;
    await expect(
      one.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: randomUUID(), email, passwordHash: 'x', verified: true });
        await tx.insert(users).values({ id: randomUUID(), email, passwordHash: 'x', verified: true });
      }),
    ).rejects.toThrow();
    const left = await one.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(left).toEqual([]);
  });

  it('leaves a statement without parameters unnamed (it may be a batch of several)', async () => {
    await one.db.execute(sql.raw('select 1 as first; select 2 as second'));
    const names = (await prepared()).map((row) => row.statement);
    expect(names.some((statement) => statement.includes('select 1 as first'))).toBe(false);
  });
});

describe('what stays unnamed', () => {
  it('keeps a text that asks for every column unnamed (another release may add one)', async () => {
    const email = `named-star-${randomUUID()}@example.com`;
    await addUser(email);
    const text = 'select * from users where email = $1';
    const rows = await executeRows(one.db, sql`select * from users where email = ${email}`);
    expect(rows).toHaveLength(1);
    expect(statementNameFor(text)).toBeNull();
    expect((await prepared()).some((row) => row.statement === text)).toBe(false);
  });

  it('names at most MAX_NAMED_PER_CONNECTION texts on one connection; past that, queries still answer', async () => {
    const before = (await prepared()).length;
    const extra = MAX_NAMED_PER_CONNECTION - before + 20;
    for (let i = 0; i < extra; i += 1) {
      const [row] = await executeRows<{ n: number }>(one.db, sql`select ${i}::int + ${sql.raw(String(i))} as n`);
      expect(Number(row?.n)).toBe(2 * i);
    }
    const kept = (await prepared()).filter((row) => row.name.startsWith('orm_'));
    expect(kept).toHaveLength(MAX_NAMED_PER_CONNECTION);
  });
});
