import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { signInAgain } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { SEARCH_COUNT_CAP } from '../deposits/deposits.service.js';

/**
 * The admin's top-up search past its count cap: one user with more top-ups than the cap (two at each second, so the
 * id breaks ties), a few others, and terms common enough to match them all, short ones included.
 */
let t: TestApp;
let admin: CookieJar;
const CROWD = SEARCH_COUNT_CAP + 5;

async function insertUser(email: string) {
  const id = uuidv7();
  await executeRows(
    t.deps.db,
    sql`insert into users (id, email, password_hash, role, verified) values (${id}, ${email}, 'x', 'user', true)`,
  );
  return id;
}

async function insertDeposits(userId: string, prefix: string, n: number, secondsAgo: number) {
  await executeRows(
    t.deps.db,
    sql`insert into deposits (id, user_id, order_id, provider, currency, network, amount, request_hash, created_at,
          updated_at)
        select gen_random_uuid(), ${userId}, ${prefix} || g, 'sandbox', 'USDT', 'TRON', 1000, 'x',
          now() - ((${secondsAgo} + g / 2) || ' seconds')::interval, now()
        from generate_series(1, ${n}) g`,
  );
}

/** What the search must answer, worked out with a plain query over every row. */
async function expectedIds(where: ReturnType<typeof sql>, limit: number, offset: number) {
  const rows = await executeRows<{ id: string }>(
    t.deps.db,
    sql`select d.id from deposits d join users u on u.id = d.user_id where ${where}
        order by d.created_at desc, d.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => String(row.id));
}

const search = async (query: string) =>
  (await t.request('GET', `/api/transactions/all?${query}`, { jar: admin })).json() as {
    transactions: Array<{ _id: string }>;
    meta: { page: number; pageSize: number; total: number; pages: number };
  };
const ids = (page: { transactions: Array<{ _id: string }> }) => page.transactions.map((d) => d._id);

beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'search-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'search-admin@example.com');
  await insertDeposits(await insertUser('crowd-member@crowd.test'), 'crowd-order-', CROWD, 0);
  await insertDeposits(await insertUser('few-ZQ@other.test'), 'few-order-', 3, 100);
  await insertDeposits(await insertUser('newest@other.test'), 'newest-order-', 2, -100);
});
afterAll(async () => {
  await t.close();
});

describe('searching all top-ups', () => {
  it('caps the count of a common term at 10,000 and pages it newest first', async () => {
    const first = await search('search=crowd');
    expect(first.meta).toEqual({ page: 1, pageSize: 10, total: SEARCH_COUNT_CAP, pages: SEARCH_COUNT_CAP / 10 });
    expect(ids(first)).toEqual(await expectedIds(sql`u.email ilike '%crowd%'`, 10, 0));
    const deeper = await search('search=crowd&page=40&pageSize=7');
    expect(deeper.meta.total).toBe(SEARCH_COUNT_CAP);
    expect(ids(deeper)).toEqual(await expectedIds(sql`u.email ilike '%crowd%'`, 7, 39 * 7));
  });

  it('still answers the rows past a capped count', async () => {
    const past = await search(`search=crowd&page=${SEARCH_COUNT_CAP / 10 + 1}`);
    expect(past.meta.total).toBe(SEARCH_COUNT_CAP);
    expect(ids(past)).toHaveLength(CROWD - SEARCH_COUNT_CAP);
    expect(ids(past)).toEqual(await expectedIds(sql`u.email ilike '%crowd%'`, 10, SEARCH_COUNT_CAP));
  });

  it('counts exactly under the cap, by e-mail or by order id, and answers nothing past the last page', async () => {
    const few = await search('search=few-zq');
    expect(few.meta).toMatchObject({ total: 3, pages: 1 });
    expect(ids(few)).toEqual(await expectedIds(sql`u.email ilike '%few-zq%'`, 10, 0));
    expect(await search('search=few-zq&page=2')).toMatchObject({ transactions: [], meta: { total: 3 } });
    const byOrder = await search('search=crowd-order-77');
    expect(byOrder.meta.total).toBe(1);
    expect(ids(byOrder)).toEqual(await expectedIds(sql`d.order_id = 'crowd-order-77'`, 10, 0));
  });

  it('counts a match by order id once even when the e-mail matches too, and adds it when it does not', async () => {
    // The term is both the crowd's order id and (as a substring) nobody's e-mail, then an order id of another user.
    expect((await search('search=newest-order-1')).meta.total).toBe(1);
    expect((await search('search=%40other.test')).meta.total).toBe(5);
  });

  it('matches terms of 1 and 2 characters as substrings of the e-mail too, any case', async () => {
    const two = await search('search=zQ');
    expect(two.meta.total).toBe(3);
    expect(ids(two)).toEqual(await expectedIds(sql`u.email ilike '%zq%'`, 10, 0));
    const one = await search('search=%40');
    expect(one.meta.total).toBe(SEARCH_COUNT_CAP);
    expect(ids(one)).toEqual(await expectedIds(sql`u.email like '%@%'`, 10, 0));
    expect(ids(await search('search=%40&page=3&pageSize=25'))).toEqual(
      await expectedIds(sql`u.email like '%@%'`, 25, 50),
    );
  });
});
