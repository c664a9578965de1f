import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { ensureUser } from '../../seed/ensure-users.js';
import { signInAgain } from '../../test/card-helpers.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { type EventStream, openEventStream } from '../../test/event-stream.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';

// @both-databases: the streams end through the database's notifications, delivered by each driver its own way.

/**
 * Two instances over one database, as in production: a session revoked through one of them ends the streams that
 * session opened on either, at once (long before LIVE_MAX_STREAM_SECONDS, left at its default of 15 minutes), and
 * leaves the streams of the user's other sessions open and hearing events.
 */
let database: DatabaseHandle;
let one: TestApp;
let two: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const shared = async () => ({ ...database, close: async () => undefined });
  one = await createTestApp({ database: shared });
  two = await createTestApp({ database: shared });
});
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
  await one?.close();
  await two?.close();
  await database?.close();
});

/** A stream of this jar's session, on the given instance, once it said ready. */
async function stream(app: TestApp, jar: CookieJar) {
  const opened = await openEventStream(app.appUrl, jar.header());
  streams.push(opened);
  expect(opened.response.status).toBe(200);
  await opened.next((event) => event.event === 'ready');
  return opened;
}

/** Another session of the user: a sign-in from a device of its own (so it raises a new-device alert). */
async function signIn(email: string, password = STRONG_PASSWORD) {
  const jar = new CookieJar();
  const response = await one.request('POST', '/api/auth/login', { jar, ip: freshIp(), body: { email, password } });
  expect(response.statusCode).toBe(200);
  return jar;
}

/** The stream is still open and hears the user's next event (the alert of a sign-in from a new device). */
async function stillHears(open: EventStream, email: string, password?: string) {
  const from = open.events.length;
  await signIn(email, password);
  await open.next((event) => event.event === 'alert', 10_000, from);
  expect(open.ended()).toBe(false);
}

/** Ended by the revocation: well within a few seconds, where the stream's own limit is 15 minutes away. */
async function endsAtOnce(open: EventStream, jar: CookieJar) {
  expect(await open.untilEnded(5000)).toBe(true);
  // The browser's reconnection is refused like any request of a revoked session.
  const again = await openEventStream(two.appUrl, jar.header());
  streams.push(again);
  expect(again.response.status).toBe(401);
}

describe('a live stream whose session is revoked', () => {
  it('ends when that session signs out, on the other instance too; the user’s other session’s stream goes on', async () => {
    const email = 'live-sign-out@example.com';
    const { jar: phone } = await one.signUpVerified(email);
    const laptop = await signIn(email);
    const phoneStream = await stream(two, phone);
    const laptopHere = await stream(one, laptop);
    const laptopThere = await stream(two, laptop);

    expect((await one.request('GET', '/api/auth/logout', { jar: phone })).statusCode).toBe(200);
    await endsAtOnce(phoneStream, phone);
    await stillHears(laptopHere, email);
    await stillHears(laptopThere, email);
  });

  it('ends when another session of the user ends it, or signs out every other session', async () => {
    const email = 'live-ended-elsewhere@example.com';
    const { jar: laptop } = await one.signUpVerified(email);
    const phone = await signIn(email);
    const phoneStream = await stream(two, phone);
    const laptopStream = await stream(two, laptop);
    const listed = (await one.request('GET', '/api/user/sessions', { jar: laptop })).json().sessions;
    const phoneSession = listed.find((session: { current: boolean }) => !session.current)._id;

    const ended = await one.request('DELETE', `/api/user/sessions/${phoneSession}`, { jar: laptop });
    expect(ended.statusCode).toBe(200);
    await endsAtOnce(phoneStream, phone);
    await stillHears(laptopStream, email);

    const tablet = await signIn(email);
    const desktop = await signIn(email);
    const tabletStream = await stream(one, tablet);
    const desktopStream = await stream(two, desktop);
    const others = await one.request('POST', '/api/user/sessions/revoke-others', { jar: laptop });
    // The tablet, the desktop, and the sign-in that showed the laptop's stream still hears.
    expect(others.json().ended).toBe(3);
    await endsAtOnce(tabletStream, tablet);
    await endsAtOnce(desktopStream, desktop);
    await stillHears(laptopStream, email);
  });

  it('ends when the password changes, except the stream of the session that changed it', async () => {
    const email = 'live-password@example.com';
    const { jar: thief } = await one.signUpVerified(email);
    const owner = await signIn(email);
    const thiefStream = await stream(two, thief);
    const ownerStream = await stream(one, owner);

    const newPassword = 'Another-Horse-43';
    const changed = await one.request('POST', '/api/user/update/password', {
      jar: owner,
      body: { currentPassword: STRONG_PASSWORD, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    await endsAtOnce(thiefStream, thief);
    await stillHears(ownerStream, email, newPassword);
  });

  it('ends when a rotated refresh token of its session comes back (a copied token)', async () => {
    const email = 'live-reuse@example.com';
    const { jar: victim } = await one.signUpVerified(email);
    const other = await signIn(email);
    const copied = victim.get('refreshToken') ?? '';
    expect((await one.request('GET', '/api/auth/refresh', { jar: victim })).statusCode).toBe(200);
    const victimStream = await stream(two, victim);
    const otherStream = await stream(two, other);

    one.clock.advance(31_000);
    const thief = new CookieJar();
    thief.set('refreshToken', copied);
    expect((await one.request('GET', '/api/auth/refresh', { jar: thief })).statusCode).toBe(401);
    await endsAtOnce(victimStream, victim);
    await stillHears(otherStream, email);
  });

  it('ends every stream of a user an admin suspends, and no one else’s', async () => {
    await ensureUser(one.deps, { role: 'admin', email: 'live-admin@example.com', password: STRONG_PASSWORD });
    const admin = await signInAgain(one, 'live-admin@example.com');
    const { jar: suspended, user } = await one.signUpVerified('live-suspended@example.com');
    const bystanderEmail = 'live-bystander@example.com';
    const { jar: bystander } = await one.signUpVerified(bystanderEmail);
    const suspendedStream = await stream(two, suspended);
    const bystanderStream = await stream(two, bystander);

    const suspend = await one.request('PATCH', `/api/admin/suspend/${user._id}`, {
      jar: admin,
      body: { suspended: true },
    });
    expect(suspend.statusCode).toBe(200);
    await endsAtOnce(suspendedStream, suspended);
    await stillHears(bystanderStream, bystanderEmail);
  });
});
