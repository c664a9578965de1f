import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, executeRows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';
import { openTestDatabase } from '../../test/test-database.js';

let database: DatabaseHandle;
let userId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  userId = uuidv7();
  await database.db.insert(users).values({ id: userId, email: `final-${userId}@example.com`, passwordHash: 'x' });
});

afterAll(async () => {
  await database.close();
});

async function depositIn(status: string, credited = 0): Promise<string> {
  const id = uuidv7();
  await database.db.execute(sql`
    insert into deposits (id, user_id, order_id, provider, currency, network, amount, status, credited_amount, request_hash)
    values (${id}, ${userId}, ${`order-${id}`}, 'sandbox', 'USDT', 'TRON', 5000, ${status}, ${credited}, 'h')`);
  return id;
}

const refused = (pattern: RegExp) => ({ cause: { message: expect.stringMatching(pattern) } });

describe('a final deposit status, guarded by the database', () => {
  it('refuses moving a paid deposit back to pending or to another outcome', async () => {
    const id = await depositIn('PAID', 5000);
    await expect(
      database.db.execute(sql`update deposits set status = 'PENDING' where id = ${id}`),
    ).rejects.toMatchObject(refused(/cannot become PENDING/));
    await expect(
      database.db.execute(sql`update deposits set status = 'PAID_OVER' where id = ${id}`),
    ).rejects.toMatchObject(refused(/cannot become PAID_OVER/));
    await expect(
      database.db.execute(sql`update deposits set credited_amount = 9000 where id = ${id}`),
    ).rejects.toMatchObject(refused(/credited once/));
    const [row] = await executeRows(database.db, sql`select status, credited_amount from deposits where id = ${id}`);
    expect(row?.status).toBe('PAID');
    expect(Number(row?.credited_amount)).toBe(5000);
  });

  it('refuses reopening an expired or failed deposit', async () => {
    for (const status of ['EXPIRED', 'FAILED']) {
      const id = await depositIn(status);
      await expect(
        database.db.execute(sql`update deposits set status = 'PAID' where id = ${id}`),
      ).rejects.toMatchObject(refused(/cannot become PAID/));
    }
  });

  it('still lets a pending deposit reach its outcome, and other columns of a final one change', async () => {
    const id = await depositIn('PENDING');
    await database.db.execute(sql`update deposits set status = 'PAID_LESS', credited_amount = 3000 where id = ${id}`);
    await database.db.execute(sql`update deposits set provider_status = 'paid', next_check_at = null where id = ${id}`);
    const [row] = await executeRows(database.db, sql`select status, provider_status from deposits where id = ${id}`);
    expect(row).toMatchObject({ status: 'PAID_LESS', provider_status: 'paid' });
  });
});
