import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { openEventStream } from '../../test/event-stream.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';

/*
 * A revocation that commits while a stream is being opened: after the request's session check, before the stream
 * joins this instance's streams. Its message then finds no stream to end, so the opening must see it itself. The
 * session lookup is held open at that point through the database client, the way a slow database would hold it.
 */

type Gate = { hit: () => void; release: Promise<void> };
let gate: Gate | null = null;
let database: DatabaseHandle;
let app: TestApp;

/** Holds the next session lookup once it has read the session: `checked` resolves then, `release` lets it answer. */
function holdNextSessionLookup() {
  let release: () => void = () => undefined;
  const checked = new Promise<void>((hit) => {
    gate = { hit, release: new Promise<void>((resolve) => (release = resolve)) };
  });
  return { checked, release: () => release() };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = async (...args: unknown[]) => {
    const result = await query(...args);
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    // The session lookup's statement (plugins/session-lookup.ts), once: the session has just been read as live.
    if (gate && text?.includes('json_build_array(u.id')) {
      const held = gate;
      gate = null;
      held.hit();
      await held.release;
    }
    return result;
  };
  app = await createTestApp({ database: async () => ({ ...database, close: async () => undefined }) });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a live stream opened while its session is revoked', () => {
  it('is refused when the revocation commits between its session check and its subscription', async () => {
    const email = 'stream-race@example.com';
    const { jar: owner } = await app.signUpVerified(email);
    const thief = new CookieJar();
    const login = { email, password: STRONG_PASSWORD };
    expect((await app.request('POST', '/api/auth/login', { jar: thief, ip: freshIp(), body: login })).statusCode).toBe(
      200,
    );
    const sessions = (await app.request('GET', '/api/user/sessions', { jar: owner })).json() as {
      sessions: { _id: string; current: boolean }[];
    };
    const thiefSession = sessions.sessions.find((session) => !session.current)?._id ?? '';

    const { checked, release } = holdNextSessionLookup();
    const opening = openEventStream(app.appUrl, thief.header());
    await checked;
    expect((await app.request('DELETE', `/api/user/sessions/${thiefSession}`, { jar: owner })).statusCode).toBe(200);
    // The revocation's message has been delivered, to no stream of that session yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();

    const stream = await opening;
    expect(stream.response.status).toBe(401);
    expect(stream.refusal?.errorCode).toBe('InvalidAccessToken');
    // The owner's own stream opens as ever.
    const own = await openEventStream(app.appUrl, owner.header());
    expect(own.response.status).toBe(200);
    await own.close();
  });

  it('lets go of a stream whose browser left while its session was being read', async () => {
    const { jar } = await app.signUpVerified('stream-gone@example.com');
    const { checked, release } = holdNextSessionLookup();
    const leaving = new AbortController();
    const opening = fetch(`${app.appUrl}/api/events`, {
      headers: { cookie: jar.header(), accept: 'text/event-stream' },
      signal: leaving.signal,
    }).catch(() => null);
    await checked;
    leaving.abort();
    await opening;
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Had the stream been kept, it would hold one of the five a user may have open (LIVE_MAX_STREAMS_PER_USER).
    const streams = [];
    for (let i = 0; i < 5; i += 1) streams.push(await openEventStream(app.appUrl, jar.header()));
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(streams.map((stream) => stream.close()));
  });
});
