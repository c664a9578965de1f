// Transfers per second straight through the ledger (no HTTP): many concurrent transactions moving cents between
// user balances on PostgreSQL, through the same postTransfer the app uses.
import { randomUUID } from 'node:crypto';

export async function ledgerTransfers({ dbUrl, seconds, concurrency = 20 }) {
  const { openDatabase } = await import('../../apps/api/dist/db/client.js');
  const { move } = await import('../../apps/api/dist/modules/ledger/ledger.service.js');
  const handle = await openDatabase({ url: dbUrl, poolSize: concurrency + 2 });
  const users = [];
  for (let i = 0; i < 100; i += 1) {
    const id = randomUUID();
    await handle.db.execute(
      `insert into users (id, email, password_hash, verified) values ('${id}', 'ledger-bench-${id}@example.com', 'x', true)`,
    );
    users.push(id);
    await handle.db.transaction((tx) =>
      move(tx, {
        id: `bench-seed-${id}`,
        kind: 'bench',
        from: { kind: 'clearing_payments', ref: 'bench' },
        to: { kind: 'user_balance', userId: id },
        amount: 1_000_000,
      }),
    );
  }
  let done = 0;
  let refused = 0;
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const from = users[Math.floor(Math.random() * users.length)];
      const to = users[Math.floor(Math.random() * users.length)];
      if (from === to) continue;
      try {
        await handle.db.transaction((tx) =>
          move(tx, {
            id: `bench-${randomUUID()}`,
            kind: 'bench',
            from: { kind: 'user_balance', userId: from },
            to: { kind: 'user_balance', userId: to },
            amount: 1 + Math.floor(Math.random() * 500),
          }),
        );
        done += 1;
      } catch {
        refused += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const perSecond = Math.round((done / (Date.now() - started)) * 1000);
  await handle.close();
  return { perSecond, done, refused };
}
