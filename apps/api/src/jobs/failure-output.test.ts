import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/client.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../test/test-app.js';

/**
 * What the engine keeps of a failed run (the job's output, listed to admins for a dead letter) is held to the log's
 * rule (lib/logger.ts): a failed query is kept with its statement, never its parameters (addresses, password and
 * code hashes).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The database refuses new accounts for a while (a fault of its own): the sign-up job fails and is retried.
  await executeRows(
    t.deps.db,
    sql.raw(`create function refuse_users() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`),
  );
  await executeRows(
    t.deps.db,
    sql.raw('create trigger refuse_users before insert on users for each row execute function refuse_users()'),
  );
});

afterAll(async () => {
  await t?.close();
});

describe("a failed job's kept output", () => {
  it("has the failed statement but not its parameters (the address, the password's hash)", async () => {
    const answer = await t.request('POST', '/api/auth/register', {
      body: { email: 'kept-output@example.com', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
    });
    expect(answer.statusCode).toBe(201);
    const [job] = await executeRows<{ state: string; output: { message: string } }>(
      t.deps.db,
      sql`select state, output from pgboss.job where name = 'sign-up'`,
    );
    expect(job?.state).toBe('retry');
    expect(job?.output.message).toMatch(/insert into "users"/);
    expect(job?.output.message).not.toMatch(/kept-output@example\.com|\$argon2id/);
  });
});
