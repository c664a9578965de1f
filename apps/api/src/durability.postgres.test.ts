import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from './db/client.js';
import { waitUntil } from './test/money-burst.js';
import { freePort, HttpClient, serverProcessSuite, startServerProcess } from './test/server-process.js';
import { STRONG_PASSWORD } from './test/test-app.js';

/*
 * What must follow a request is written with it and survives: the real server process on PostgreSQL, against a mail
 * server that goes away and a process that is killed right after it answered. Only in the PostgreSQL run.
 */

const suite = serverProcessSuite();

const register = (baseUrl: string, email: string) =>
  new HttpClient().send(baseUrl, 'POST', '/api/auth/register', {
    email,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
  });

// Mail is retried every 10 seconds (jobs/queues.ts): 40 seconds down is four failed tries for every mail, enough to
// show that a retry neither loses nor repeats one; a longer outage only adds more of the same tries.
const OUTAGE_MS = 40_000;

describe('durable background work', () => {
  it(
    'delivers every mail sent while the mail server was down through several retries, each exactly once (PostgreSQL)',
    async () => {
      const url = suite.database.url ?? '';
      const server = await startServerProcess({ databaseUrl: url, port: await freePort(), smtpUrl: suite.smtp.url });
      try {
        await suite.smtp.stop();
        const emails = Array.from({ length: 12 }, (_, i) => `outage-${i}@example.com`);
        for (const email of emails) expect((await register(server.url, email)).status).toBe(201);
        // Half of them ask for a reset link too, while the server is still away.
        await waitUntil('the accounts to exist', async () => {
          const [row] = await executeRows<{ n: number }>(
            suite.database.db,
            sql`select count(*)::int as n from users where email like 'outage-%'`,
          );
          return row?.n === emails.length;
        });
        for (const email of emails.slice(0, 6)) {
          const forgot = await new HttpClient().send(server.url, 'POST', '/api/auth/password/forgot', { email });
          expect(forgot.status).toBe(200);
        }
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        // Nothing was lost meanwhile: every mail is waiting for a retry or being tried right now (a worker may hold a
        // batch at this instant), none was given up and none counted as sent.
        const [waiting] = await executeRows<{ pending: number; sent: number; dead: number }>(
          suite.database.db,
          sql`select count(*) filter (where state in ('created', 'retry', 'active'))::int as pending,
                count(*) filter (where state = 'completed')::int as sent,
                count(*) filter (where state = 'failed')::int as dead
              from pgboss.job where name = 'mail'`,
        );
        expect(waiting).toEqual({ pending: emails.length + 6, sent: 0, dead: 0 });
        expect(suite.smtp.mails.filter((mail) => mail.to.startsWith('outage-'))).toEqual([]);

        await suite.smtp.restart();
        const arrived = () => suite.smtp.mails.filter((mail) => mail.to.startsWith('outage-'));
        await waitUntil('every mail to arrive', async () => arrived().length >= emails.length + 6, 90_000);
        // A little longer, to see that nothing arrives twice.
        await new Promise((resolve) => setTimeout(resolve, 5000));
        for (const email of emails) {
          const mine = arrived().filter((mail) => mail.to === email);
          expect(
            mine.filter((mail) => mail.subject.includes('Verify your e-mail')),
            email,
          ).toHaveLength(1);
          const resets = mine.filter((mail) => mail.subject.includes('Reset'));
          expect(resets, email).toHaveLength(emails.indexOf(email) < 6 ? 1 : 0);
        }
        expect(new Set(arrived().map((mail) => mail.messageId)).size).toBe(arrived().length);
      } finally {
        await server.kill();
        if (suite.smtp.isStopped()) await suite.smtp.restart();
      }
    },
    OUTAGE_MS + 150_000,
  );

  it('loses no sign-up when the process is killed right after answering it (PostgreSQL)', async () => {
    const url = suite.database.url ?? '';
    const port = await freePort();
    // No workers on the first process: the sign-up can only be finished by whoever runs the queue next.
    const first = await startServerProcess({
      databaseUrl: url,
      port,
      smtpUrl: suite.smtp.url,
      env: { JOBS_WORKERS: 'false' },
    });
    const answer = await register(first.url, 'killed-after-answer@example.com');
    await first.kill();
    expect(answer.status).toBe(201);
    const [before] = await executeRows(
      suite.database.db,
      sql`select 1 from users where email = 'killed-after-answer@example.com'`,
    );
    expect(before).toBeUndefined();

    const second = await startServerProcess({ databaseUrl: url, port, smtpUrl: suite.smtp.url });
    try {
      const mail = await suite.smtp.waitFor((m) => m.to === 'killed-after-answer@example.com', 30_000);
      expect(mail.subject).toContain('Verify your e-mail');
      const code = mail.text.match(/\/email\/verify\/([A-Za-z0-9_-]+)/)?.[1];
      const client = new HttpClient();
      expect((await client.send(second.url, 'GET', `/api/auth/email/verify/${code}`)).status).toBe(200);
      const me = await client.send(second.url, 'GET', '/api/user');
      expect(me.json).toMatchObject({ email: 'killed-after-answer@example.com', verified: true });
    } finally {
      await second.kill();
    }
  });
});
