import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { createTestApp, freshIp, type TestApp } from '../../test/test-app.js';
import { createSmtpMailer } from './smtp.js';

/**
 * A mail server that refuses some recipients for good (550 at RCPT TO: no such mailbox) and counts every session.
 * Such a mail will never go out: retrying it every 10 s for an hour only hammers the server (and an address typed
 * wrongly at sign-up would cost 360 sessions).
 */
let t: TestApp;
let refusing: SMTPServer;
let sessions = 0;
let dataSent = 0;

beforeAll(async () => {
  t = await createTestApp();
  refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      sessions += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@nowhere.example')) {
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        return;
      }
      // A greylisting domain: this recipient, not the server, is put off for now.
      if (address.address.endsWith('@greylist.example')) {
        callback(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 450 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        dataSent += 1;
        callback();
      });
    },
  });
  refusing.on('error', () => undefined);
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const { port } = refusing.server.address() as AddressInfo;
  const mailer = createSmtpMailer({
    url: `smtp://127.0.0.1:${port}`,
    from: t.deps.config.MAIL_FROM,
    logger: t.deps.logger,
  });
  t.deps.mailer.send = mailer.send;
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => refusing.close(() => resolve()));
});

const register = (email: string) =>
  t.request('POST', '/api/auth/register', {
    body: { email, password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-42' },
    ip: freshIp(),
  });

const mailJobs = () =>
  executeRows<{ state: string; retry_count: number }>(
    t.deps.db,
    sql`select state, retry_count from pgboss.job where name = 'mail' order by created_on`,
  );

describe('recipients the mail server refuses', () => {
  it('for good: the mail is a dead letter at once (visible to admins), not retried against the server for an hour', async () => {
    const answer = await t.request('POST', '/api/auth/register', {
      body: { email: 'typo@nowhere.example', password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-42' },
    });
    expect(answer.statusCode).toBe(201);
    expect(sessions).toBe(1);
    expect(dataSent).toBe(0);
    // The queue's retries, as many as a test can run: the refused mail is not sent to the server again.
    for (let round = 0; round < 3; round += 1) await t.runJobs({ waitsOver: true });
    expect(sessions).toBe(1);
    expect(await mailJobs()).toEqual([{ state: 'failed', retry_count: 0 }]);
  });

  it('does not take one recipient put off (a 4xx at RCPT TO) for the server being down: other mail still goes', async () => {
    for (let i = 0; i < 6; i += 1) expect((await register(`later-${i}@greylist.example`)).statusCode).toBe(201);
    const before = dataSent;
    expect((await register('someone@fine.example')).statusCode).toBe(201);
    // The mail server is up and takes this mail: a breaker opened by the greylisted recipients would have held it.
    expect(dataSent).toBe(before + 1);
    // The greylisted mails wait for their retry, as an outage's would.
    const states = await executeRows<{ state: string }>(
      t.deps.db,
      sql`select state from pgboss.job where name = 'mail' and state = 'retry'`,
    );
    expect(states.length).toBe(6);
  });
});
