import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { signInAgain } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: CookieJar;

beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'jobs-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'jobs-admin@example.com');
});
afterAll(async () => {
  await t.close();
});

/** A password-reset mail that fails on its last try (the mail server kept refusing it): a dead letter. */
async function deadMail(email: string) {
  await t.signUpVerified(email);
  const real = t.deps.mailer.send;
  t.deps.mailer.send = async () => {
    throw new Error('550 mailbox unavailable');
  };
  try {
    expect((await t.request('POST', '/api/auth/password/forgot', { body: { email } })).statusCode).toBe(200);
    await executeRows(
      t.deps.db,
      sql`update pgboss.job set retry_count = retry_limit - 1 where name = 'mail' and state = 'retry'`,
    );
    await t.runJobs({ waitsOver: true });
  } finally {
    t.deps.mailer.send = real;
  }
}

describe('background jobs in the admin console', () => {
  it('lists every queue, and a job that failed for good as a dead letter without its payload', async () => {
    await deadMail('dead-letter@example.com');
    const overview = await t.request('GET', '/api/admin/jobs', { jar: admin });
    expect(overview.statusCode).toBe(200);
    const queues = overview.json().queues as Array<{ queue: string; deadLetters: number }>;
    expect(queues.map((queue) => queue.queue)).toEqual(expect.arrayContaining(['mail', 'card-operation', 'sign-up']));
    expect(queues.find((queue) => queue.queue === 'mail')?.deadLetters).toBe(1);

    const listed = await t.request('GET', '/api/admin/jobs/dead-letters?queue=mail', { jar: admin });
    expect(listed.statusCode).toBe(200);
    const [letter] = listed.json().deadLetters;
    expect(letter).toMatchObject({ queue: 'mail', item: null, error: '550 mailbox unavailable' });
    expect(letter.attempts).toBeGreaterThan(1);
    // The sealed mail (with its reset link) is never part of the answer.
    expect(listed.body).not.toMatch(/sealed|password\/reset|dead-letter@example\.com/);
    expect(
      (await t.request('GET', '/api/admin/jobs/dead-letters?queue=card-operation', { jar: admin })).json(),
    ).toEqual({ deadLetters: [], meta: { page: 1, pageSize: 10, total: 0, pages: 0 } });
  });

  it('sends a dead letter back to its queue: it runs again, leaves the list and is audited', async () => {
    await deadMail('retried-letter@example.com');
    const [letter] = (await t.request('GET', '/api/admin/jobs/dead-letters?queue=mail', { jar: admin })).json()
      .deadLetters;
    const retried = await t.request('POST', `/api/admin/jobs/dead-letters/${letter._id}/retry`, {
      jar: admin,
      body: {},
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('The mail job is queued again.');
    // The request helper ran it: the reset mail arrives now.
    await t.smtp.latest('retried-letter@example.com', 'Reset');
    const after = (await t.request('GET', '/api/admin/jobs/dead-letters', { jar: admin })).json();
    expect(after.deadLetters.map((job: { _id: string }) => job._id)).not.toContain(letter._id);
    const audit = (await t.request('GET', '/api/admin/audit?action=admin.job_retried', { jar: admin })).json();
    expect(audit.entries[0]).toMatchObject({ details: { queue: 'mail', jobId: letter._id } });
    // Once retried it is no longer a dead letter: a second retry finds nothing.
    const again = await t.request('POST', `/api/admin/jobs/dead-letters/${letter._id}/retry`, { jar: admin, body: {} });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad input with a clear 4xx and unknown jobs with 404', async () => {
    const badId = await t.request('POST', '/api/admin/jobs/dead-letters/not-an-id/retry', { jar: admin, body: {} });
    expect(badId.statusCode).toBe(400);
    const unknown = await t.request('POST', '/api/admin/jobs/dead-letters/01a20301-0000-7000-8000-000000000000/retry', {
      jar: admin,
      body: {},
    });
    expect(unknown.statusCode).toBe(404);
    const badQueue = await t.request('GET', '/api/admin/jobs/dead-letters?queue=DROP%20TABLE', { jar: admin });
    expect(badQueue.statusCode).toBe(400);
    expect(badQueue.json().errorCode).toBe('ValidationError');
  });
});
