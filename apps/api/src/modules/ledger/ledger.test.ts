import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, executeRows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { openTestDatabase, usingPostgres } from '../../test/test-database.js';
import { move as moveMoney, postTransfer } from './ledger.service.js';
import { balanceOf, historyOf } from './ledger-read.js';

let database: DatabaseHandle;
const userIds: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  for (let i = 0; i < 4; i += 1) {
    const id = uuidv7();
    userIds.push(id);
    await database.db.insert(users).values({ id, email: `ledger-${i}@example.com`, passwordHash: 'x', verified: true });
  }
});
async function newUser(): Promise<string> {
  const id = uuidv7();
  await database.db.insert(users).values({ id, email: `ledger-${id}@example.com`, passwordHash: 'x', verified: true });
  return id;
}

afterAll(async () => {
  await database.close();
});

const userAccount = (userId: string) => ({ kind: 'user_balance' as const, userId });
const clearing = { kind: 'clearing_payments' as const, ref: 'test' };

const deposit = (id: string, userId: string, amount: number) =>
  database.db.transaction((tx) =>
    postTransfer(tx, {
      id,
      kind: 'deposit',
      postings: [
        { account: clearing, amount: -amount },
        { account: userAccount(userId), amount },
      ],
    }),
  );

const move = (id: string, from: string, to: string, amount: number) =>
  database.db.transaction((tx) =>
    postTransfer(tx, {
      id,
      kind: 'move',
      postings: [
        { account: userAccount(from), amount: -amount },
        { account: userAccount(to), amount },
      ],
    }),
  );

describe('ledger', () => {
  it('refuses to overdraw a user account, moving nothing', async () => {
    const [a = '', b = ''] = userIds;
    await deposit(`t-${uuidv7()}`, a, 500);
    const before = await balanceOf(database.db, userAccount(a));
    await expect(move(`t-${uuidv7()}`, a, b, before + 1)).rejects.toMatchObject({ errorCode: 'InsufficientBalance' });
    expect(await balanceOf(database.db, userAccount(a))).toBe(before);
    await expectLedgerInvariants(database.db);
  });

  it('moves money once per transfer id, however often it is posted', async () => {
    const [a = ''] = userIds;
    const before = await balanceOf(database.db, userAccount(a));
    const id = `t-${uuidv7()}`;
    expect(await deposit(id, a, 700)).toBe(true);
    expect(await deposit(id, a, 700)).toBe(false);
    expect(await balanceOf(database.db, userAccount(a))).toBe(before + 700);
    await expectLedgerInvariants(database.db);
  });

  it('refuses inside a transaction without writing, so the caller can fall back to another account', async () => {
    const [a = '', b = ''] = userIds;
    const sink = await newUser();
    await deposit(`t-${uuidv7()}`, b, 300);
    const poorBefore = await balanceOf(database.db, userAccount(a));
    const paidFrom = await database.db.transaction(async (tx) => {
      const id = `fallback-${uuidv7()}`;
      try {
        await moveMoney(tx, { id, kind: 'test', from: userAccount(a), to: userAccount(sink), amount: poorBefore + 1 });
        return 'first';
      } catch (error) {
        expect(error).toMatchObject({ errorCode: 'InsufficientBalance', account: userAccount(a) });
      }
      await moveMoney(tx, { id, kind: 'test', from: userAccount(b), to: userAccount(sink), amount: 300 });
      return 'second';
    });
    expect(paidFrom).toBe('second');
    expect(await balanceOf(database.db, userAccount(a))).toBe(poorBefore);
    expect(await balanceOf(database.db, userAccount(sink))).toBe(300);
    const history = await historyOf(database.db, userAccount(sink), { limit: 10, offset: 0 });
    expect(history.total).toBe(1);
    expect(history.entries[0]).toMatchObject({ kind: 'test', amount: 300 });
    await expectLedgerInvariants(database.db);
  });

  it('keeps entries append-only at the database level', async () => {
    await expect(database.db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(
      database.db.execute(sql`update ledger_accounts set balance = -1 where kind = 'user_balance'`),
    ).rejects.toThrow();
  });

  it('keeps each cached balance equal to its entries: the database refuses a direct change', async () => {
    const [a = ''] = userIds;
    await deposit(`t-${uuidv7()}`, a, 500);
    const before = await balanceOf(database.db, userAccount(a));
    // A believable, positive change is refused as firmly as a negative one: only entries move a balance.
    await expect(
      database.db.execute(
        sql`update ledger_accounts set balance = balance + 100 where kind = 'user_balance' and user_id = ${a}`,
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/sum of its entries/) } });
    await expect(
      database.db.execute(
        sql`insert into ledger_accounts (id, kind, user_id, ref, balance) values (${uuidv7()}, 'user_balance', ${await newUser()}, '', 1000)`,
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/opens at zero/) } });
    await expect(database.db.execute(sql`update ledger_transfers set kind = 'other'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_accounts`)).rejects.toThrow();
    expect(await balanceOf(database.db, userAccount(a))).toBe(before);
    await expectLedgerInvariants(database.db);
  });

  it('refuses a negative user balance by its kind alone, even past the service check', async () => {
    const user = await newUser();
    const id = uuidv7();
    await database.db.execute(
      sql`insert into ledger_accounts (id, kind, user_id, ref) values (${id}, 'user_balance', ${user}, '')`,
    );
    await database.db.execute(sql`insert into ledger_transfers (id, kind) values (${`neg-${id}`}, 'test')`);
    // Entries written by hand, past the service's own check: the database still refuses the user's negative.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (transfer_id, account_id, amount) values (${`neg-${id}`}, ${id}, -100)`,
        );
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/ledger_accounts_non_negative/) } });
    expect(await balanceOf(database.db, userAccount(user))).toBe(0);
    const columns = await executeRows(
      database.db,
      sql`select 1 from information_schema.columns where table_name = 'ledger_accounts' and column_name = 'allow_negative'`,
    );
    expect(columns).toEqual([]);
  });

  it('refuses entries written by hand that do not balance, even where no account goes negative', async () => {
    const user = await newUser();
    const id = `unbalanced-${uuidv7()}`;
    await database.db.execute(
      sql`insert into ledger_accounts (id, kind, user_id, ref) values (${uuidv7()}, 'user_balance', ${user}, '')`,
    );
    await database.db.execute(sql`insert into ledger_transfers (id, kind) values (${id}, 'test')`);
    await expect(
      database.db.execute(
        sql`insert into ledger_entries (transfer_id, account_id, amount)
            select ${id}, id, 100 from ledger_accounts where kind = 'user_balance' and user_id = ${user}`,
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not balance/) } });
    expect(await balanceOf(database.db, userAccount(user))).toBe(0);
    await expectLedgerInvariants(database.db);
  });

  it('keeps its invariants under random sequences of transfers (property)', async () => {
    const operation = fc.oneof(
      fc.record({ op: fc.constant('deposit' as const), user: fc.nat(3), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({
        op: fc.constant('move' as const),
        from: fc.nat(3),
        to: fc.nat(3),
        amount: fc.integer({ min: 1, max: 100_000 }),
      }),
      fc.record({ op: fc.constant('replay' as const), back: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        const model = new Map<string, number>();
        for (const id of userIds) model.set(id, await balanceOf(database.db, userAccount(id)));
        const posted: Array<() => Promise<boolean>> = [];
        for (const op of ops) {
          if (op.op === 'deposit') {
            const user = userIds[op.user] ?? '';
            const id = `p-${uuidv7()}`;
            const run = () => deposit(id, user, op.amount);
            if (await run()) model.set(user, (model.get(user) ?? 0) + op.amount);
            posted.push(run);
          } else if (op.op === 'move') {
            const from = userIds[op.from] ?? '';
            const to = userIds[op.to] ?? '';
            if (from === to) continue;
            const id = `m-${uuidv7()}`;
            const run = () => move(id, from, to, op.amount);
            const fits = (model.get(from) ?? 0) >= op.amount;
            if (fits) {
              expect(await run()).toBe(true);
              model.set(from, (model.get(from) ?? 0) - op.amount);
              model.set(to, (model.get(to) ?? 0) + op.amount);
              posted.push(run);
            } else {
              await expect(run()).rejects.toMatchObject({ errorCode: 'InsufficientBalance' });
            }
          } else {
            const replay = posted[posted.length - 1 - op.back];
            // A replayed transfer id never moves money again.
            if (replay) expect(await replay()).toBe(false);
          }
        }
        for (const id of userIds) expect(await balanceOf(database.db, userAccount(id))).toBe(model.get(id));
        await expectLedgerInvariants(database.db);
      }),
      { numRuns: 25 },
    );
  });

  it(`allows no overdraft and no lost update under concurrent transfers${usingPostgres ? ' (PostgreSQL, many connections)' : ''}`, async () => {
    const source = await newUser();
    const sink = await newUser();
    await deposit(`seed-${uuidv7()}`, source, 1000);
    const start = await balanceOf(database.db, userAccount(source));
    const sinkStart = await balanceOf(database.db, userAccount(sink));
    const attempts = Array.from({ length: 60 }, (_, i) =>
      move(`race-${i}-${uuidv7()}`, source, sink, 30).then(
        () => 'ok' as const,
        (error) => error.errorCode as string,
      ),
    );
    const outcomes = await Promise.all(attempts);
    const succeeded = outcomes.filter((o) => o === 'ok').length;
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'InsufficientBalance')).toBe(true);
    expect(succeeded).toBe(Math.floor(start / 30));
    expect(await balanceOf(database.db, userAccount(source))).toBe(start - succeeded * 30);
    expect(await balanceOf(database.db, userAccount(sink))).toBe(sinkStart + succeeded * 30);
    await expectLedgerInvariants(database.db);
  });

  it('posts the same transfer id from many connections at once exactly once', async () => {
    const [a = ''] = userIds;
    const before = await balanceOf(database.db, userAccount(a));
    const id = `dup-${uuidv7()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => deposit(id, a, 250).catch(() => false)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(database.db, userAccount(a))).toBe(before + 250);
    await expectLedgerInvariants(database.db);
  });
});
