import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(email: string, userAgent: string, ip: string, jar = new CookieJar()) {
  const response = await t.request('POST', '/api/auth/login', {
    jar,
    ip,
    headers: { 'user-agent': userAgent },
    body: { email, password: STRONG_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return jar;
}

const sessionsOf = async (jar: CookieJar) => (await t.request('GET', '/api/user/sessions', { jar })).json().sessions;

describe('where you are signed in', () => {
  it('lists each session with its device, a shortened address, when it signed in and was last seen, this one marked', async () => {
    const email = 'many-devices@example.com';
    await t.signUpVerified(email);
    const laptop = await signIn(email, LAPTOP, '203.0.113.41');
    const phone = await signIn(email, PHONE, '198.51.100.7');
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ device: 'Chrome on macOS', place: 'Network 203.0.113.x', current: true });
    const phoneEntry = list.find((s: { device: string }) => s.device === 'Safari on iOS');
    expect(phoneEntry).toMatchObject({ place: 'Network 198.51.100.x', current: false });
    expect(JSON.stringify(list)).not.toMatch(/203\.0\.113\.41|198\.51\.100\.7/);

    // Last seen moves at the phone's next refresh, from the address it refreshed from.
    t.clock.advance(20 * 60_000);
    await t.request('GET', '/api/auth/refresh', { jar: phone, ip: '192.0.2.200', headers: { 'user-agent': PHONE } });
    await t.request('GET', '/api/auth/refresh', { jar: laptop, ip: '203.0.113.41' });
    const refreshed = (await sessionsOf(laptop)).find((s: { device: string }) => s.device === 'Safari on iOS');
    expect(refreshed.place).toBe('Network 192.0.2.x');
    expect(new Date(refreshed.lastSeenAt).getTime()).toBeGreaterThan(new Date(phoneEntry.lastSeenAt).getTime());
  });

  it('ends one other session, refuses this one and answers 404 for another user’s or an unknown id', async () => {
    const email = 'end-one@example.com';
    await t.signUpVerified(email);
    const laptop = await signIn(email, LAPTOP, freshIp());
    const phone = await signIn(email, PHONE, freshIp());
    const { jar: stranger } = await t.signUpVerified('not-the-owner@example.com');
    const list = await sessionsOf(laptop);
    const phoneId = list.find((s: { device: string }) => s.device === 'Safari on iOS')._id;
    const currentId = list.find((s: { current: boolean }) => s.current)._id;

    expect((await t.request('DELETE', `/api/user/sessions/${phoneId}`, { jar: stranger })).statusCode).toBe(404);
    expect((await t.request('DELETE', '/api/user/sessions/not-a-session', { jar: laptop })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/user/sessions/${currentId}`, { jar: laptop })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/user', { jar: phone })).statusCode).toBe(200);

    expect((await t.request('DELETE', `/api/user/sessions/${phoneId}`, { jar: laptop })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/user', { jar: phone })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/refresh', { jar: phone })).statusCode).toBe(401);
    expect((await t.request('DELETE', `/api/user/sessions/${phoneId}`, { jar: laptop })).statusCode).toBe(404);
  });

  it('ends every other session at once, and keeps this one', async () => {
    const email = 'end-all@example.com';
    const { jar: first } = await t.signUpVerified(email);
    const laptop = await signIn(email, LAPTOP, freshIp());
    const phone = await signIn(email, PHONE, freshIp());
    const ended = await t.request('POST', '/api/user/sessions/revoke-others', { jar: laptop });
    expect(ended.json()).toEqual({ message: 'Signed out of 2 other sessions.', ended: 2 });
    for (const jar of [first, phone]) expect((await t.request('GET', '/api/user', { jar })).statusCode).toBe(401);
    expect(await sessionsOf(laptop)).toHaveLength(1);
    expect((await t.request('POST', '/api/user/sessions/revoke-others', { jar: laptop })).json().ended).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.request('GET', '/api/user/sessions')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/user/sessions/revoke-others')).statusCode).toBe(401);
  });
});

describe('a sign-in from a new device', () => {
  it('mails the owner, queued with the sign-in; a device that signed in before does not', async () => {
    const email = 'new-device@example.com';
    await t.signUpVerified(email);
    const count = () => t.smtp.mails.filter((m) => m.to === email && m.subject.includes('New sign-in')).length;
    const phone = await signIn(email, PHONE, '198.51.100.23');
    const mail = await t.smtp.latest(email, 'New sign-in to your account');
    expect(mail.text).toContain('Safari on iOS, from Network 198.51.100.x');
    expect(count()).toBe(1);
    await t.request('GET', '/api/auth/logout', { jar: phone });
    await signIn(email, PHONE, '198.51.100.23', phone);
    await t.smtp.settle();
    expect(count()).toBe(1);
    await signIn(email, LAPTOP, freshIp());
    await t.smtp.waitFor(
      (m) => m.to === email && m.subject.includes('New sign-in') && m.text.includes('Chrome on macOS'),
    );
    expect(count()).toBe(2);
  });
});
