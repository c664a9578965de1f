import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import { type DatabaseHandle, executeRows, openDatabase } from './client.js';
import { MAX_NAMED_PER_CONNECTION } from './named-statements.js';
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

async function kept(): Promise<{ name: string; statement: string }[]> {
  return executeRows<{ name: string; statement: string }>(
    one.db,
    sql`select name, statement from pg_prepared_statements where name like 'orm\\_%' order by name`,
  );
}

async function keptText(text: string): Promise<{ name: string; statement: string }[]> {
  return (await kept()).filter((row) => row.statement === text);
}

async function addUser(email = `named-${randomUUID()}@example.com`): Promise<string> {
  const id = randomUUID();
  await one.db.insert(users).values({ id, email, passwordHash: 'x', verified: true });
  return id;
}

const byId = (id: string) => one.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));

describe('the ORM statements on PostgreSQL', () => {
  it('keeps a statement run often once per connection, each call answered with its own values', async () => {
    const ids = [await addUser(), await addUser(), await addUser(), await addUser()];
    for (const id of ids) expect((await byId(id))[0]?.id).toBe(id);
    const text = byId(ids[0] ?? '').toSQL().sql;
    const rows = await keptText(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toMatch(/^orm_/);
  });

  it('does not keep a statement run only once or twice', async () => {
    const marker = randomUUID();
    const rare = () => executeRows(one.db, sql`select ${marker}::text as marker, ${1}::int as n`);
    await rare();
    await rare();
    expect((await kept()).some((row) => row.statement.includes('as marker'))).toBe(false);
  });

  it('rolls back a failing transaction as before', async () => {
    const email = `named-tx-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i += 1) {
      await expect(
        one.db.transaction(async (tx) => {
          await tx.insert(users).values({ id: randomUUID(), email, passwordHash: 'x', verified: true });
          await tx.insert(users).values({ id: randomUUID(), email, passwordHash: 'x', verified: true });
        }),
      ).rejects.toThrow();
    }
    expect(await one.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('leaves unnamed a batch without parameters, a text asking for every column and an `in` list', async () => {
    const email = `named-star-${randomUUID()}@example.com`;
    const [a, b] = [await addUser(email), await addUser()];
    const list = () =>
      one.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [a, b]));
    for (let i = 0; i < 4; i += 1) {
      await one.db.execute(sql.raw('select 1 as first; select 2 as second'));
      expect(await executeRows(one.db, sql`select * from users where email = ${email}`)).toHaveLength(1);
      expect(await list()).toHaveLength(2);
    }
    const texts = (await kept()).map((row) => row.statement);
    expect(texts.some((text) => text.includes('select 1 as first'))).toBe(false);
    expect(texts).not.toContain('select * from users where email = $1');
    expect(texts).not.toContain(list().toSQL().sql);
  });

  it('recovers after another release changes the type of a column a kept statement answers', async () => {
    await created.db.execute(sql.raw('create table ns_shape (id int primary key, label varchar(20))'));
    await created.db.execute(sql.raw("insert into ns_shape values (1, 'one')"));
    const read = () =>
      one.db.transaction((tx) =>
        executeRows<{ label: string }>(tx, sql`select id, label from ns_shape where id = ${1}`),
      );
    for (let i = 0; i < 3; i += 1) expect((await read())[0]?.label).toBe('one');
    expect(await keptText('select id, label from ns_shape where id = $1')).toHaveLength(1);

    await created.db.execute(sql.raw('alter table ns_shape alter column label type varchar(40)'));
    // PostgreSQL refuses the kept statement once; from then on this connection sends the text unnamed.
    await expect(read()).rejects.toMatchObject({ cause: { code: '0A000' } });
    for (let i = 0; i < 3; i += 1) expect((await read())[0]?.label).toBe('one');
  });

  it('recovers after the driver fails to send a value of a kept statement', async () => {
    const echo = (value: unknown) =>
      one.db.transaction((tx) => executeRows<{ v: unknown }>(tx, sql`select ${value}::jsonb as v`));
    for (let i = 0; i < 3; i += 1) expect((await echo({ i }))[0]?.v).toEqual({ i });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(echo(circular)).rejects.toThrow();
    for (let i = 0; i < 3; i += 1) expect((await echo({ after: i }))[0]?.v).toEqual({ after: i });
  });

  it(`keeps at most ${MAX_NAMED_PER_CONNECTION} statements on one connection; past that, queries still answer`, async () => {
    const extra = MAX_NAMED_PER_CONNECTION + 20;
    for (let i = 0; i < extra; i += 1) {
      for (let use = 0; use < 3; use += 1) {
        const [row] = await executeRows<{ n: number }>(one.db, sql`select ${i}::int + ${sql.raw(String(i))} as n`);
        expect(Number(row?.n)).toBe(2 * i);
      }
    }
    const texts = (await kept()).map((row) => row.statement);
    expect(texts.length).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION);
    expect(texts).toContain('select $1::int + 0 as n');
    // By the last twenty the connection had named as many as it may.
    for (let i = MAX_NAMED_PER_CONNECTION; i < extra; i += 1) expect(texts).not.toContain(`select $1::int + ${i} as n`);
  });
});
