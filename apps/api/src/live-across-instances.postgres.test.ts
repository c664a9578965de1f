import { describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from './test/event-stream.js';
import { signUpCustomer, topUp } from './test/money-burst.js';
import { freePort, serverProcessSuite, startServerProcess } from './test/server-process.js';

/*
 * Live events go through the database (LISTEN/NOTIFY), not through one process' memory: a change committed by one
 * instance reaches a stream held open by another. Only in the PostgreSQL run (vitest.config.ts).
 */

const suite = serverProcessSuite();

describe('live events across instances', () => {
  it('delivers an alert raised on one instance to a stream open on the other, and ends it when its session signs out', async () => {
    const url = suite.database.url;
    if (!url) throw new Error('this suite runs on PostgreSQL only (TEST_DATABASE_URL)');
    const a = await startServerProcess({ databaseUrl: url, port: await freePort(), smtpUrl: suite.smtp.url });
    // B serves requests only: whatever it hears was raised by A's requests and A's workers.
    const b = await startServerProcess({
      databaseUrl: url,
      port: await freePort(),
      smtpUrl: suite.smtp.url,
      env: { JOBS_WORKERS: 'false' },
    });
    const customer = await signUpCustomer(a.url, suite.smtp, suite.database.db, 'across@example.com');
    let stream: EventStream | null = null;
    try {
      stream = await openEventStream(b.url, customer.client.cookieHeader());
      expect(stream.response.status).toBe(200);
      await stream.next((event) => event.event === 'ready');

      await topUp(a.url, customer, 2500);
      const alert = await stream.next(
        (event) => event.event === 'alert' && (event.data as { kind: string }).kind === 'top_up_credited',
        30_000,
      );
      const listed = await customer.client.send(b.url, 'GET', '/api/alerts');
      const [newest] = (listed.json as { items: Array<{ id: string; title: string }> }).items;
      expect((alert.data as { id: string }).id).toBe(newest?.id);
      expect(newest?.title).toBe('Top-up credited: $25.00');
      expect(stream.events.some((event) => event.event === 'deposit')).toBe(true);

      // Signing out on A ends the stream B holds for that session at once, not after LIVE_MAX_STREAM_SECONDS.
      expect((await customer.client.send(a.url, 'GET', '/api/auth/logout')).status).toBe(200);
      expect(await stream.untilEnded(5000)).toBe(true);
    } finally {
      await stream?.close();
    }
  });
});
