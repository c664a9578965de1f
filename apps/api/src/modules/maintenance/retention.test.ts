import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { fundedUser } from '../../test/card-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The prune-expired-rows schedule (docs/operations.md, Retention): rows that only serve for a while go once their
// period is over; money, its history and the audit log stay.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60_000;

async function counts() {
  const [row] = await executeRows<Record<string, number>>(
    t.deps.db,
    sql`select
      (select count(*)::int from rate_limits) as rate_limits,
      (select count(*)::int from one_time_codes) as one_time_codes,
      (select count(*)::int from sessions) as sessions,
      (select count(*)::int from alerts) as alerts,
      (select count(*)::int from ledger_transfers) as ledger_transfers,
      (select count(*)::int from audit_log) as audit_log`,
  );
  return row ?? {};
}

const wrongPassword = () =>
  t.request('POST', '/api/auth/login', { body: { email: 'kept-money@example.com', password: 'Not-The-Password-1' } });

describe('retention', () => {
  it('prunes rate limits, codes, sessions and alerts past their period, and never the money or the audit log', async () => {
    await fundedUser(t, 'kept-money@example.com', 5_000);
    await wrongPassword();
    const before = await counts();
    for (const table of ['rate_limits', 'one_time_codes', 'sessions', 'alerts', 'ledger_transfers', 'audit_log']) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    // A day in, nothing has outlived its period but the rate-limit windows' first day.
    t.clock.advance(DAY_MS);
    await t.runSchedules('prune-expired-rows');
    expect((await counts()).alerts).toBe(before.alerts);

    t.clock.advance(365 * DAY_MS);
    await t.runSchedules('prune-expired-rows');
    const after = await counts();
    expect(after).toMatchObject({
      rate_limits: 0,
      one_time_codes: 0,
      sessions: 0,
      alerts: 0,
      ledger_transfers: before.ledger_transfers,
    });
    expect(after.audit_log).toBeGreaterThanOrEqual(before.audit_log ?? 0);

    // What is recent stays.
    await wrongPassword();
    await t.runSchedules('prune-expired-rows');
    expect((await counts()).rate_limits).toBeGreaterThan(0);
  });
});
