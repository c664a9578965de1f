import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOf, userWithCard } from '../../test/card-helpers.js';
import { createDeposit, payInSandbox } from '../../test/deposit-helpers.js';
import { type EventStream, openEventStream } from '../../test/event-stream.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  t = await createTestApp({ configEnv: { LIVE_MAX_STREAMS_PER_USER: '2', LIVE_HEARTBEAT_SECONDS: '1' } });
});
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
  await t.close();
});

const open = async (cookie: string) => {
  const stream = await openEventStream(t.appUrl, cookie);
  streams.push(stream);
  return stream;
};

const metric = async (line: RegExp) => {
  const { text } = await t.deps.metrics.scrape();
  return Number(
    text
      .split('\n')
      .find((row) => line.test(row))
      ?.split(' ')
      .pop() ?? Number.NaN,
  );
};

describe('the live stream (GET /api/events)', () => {
  it('says ready, then the alert, card and deposit events of its own user only, with heartbeats between', async () => {
    const owner = await userWithCard(t, 'live-owner@example.com', { balance: 20_000, onCard: 3000 });
    const other = await t.signUpVerified('live-other@example.com');
    const stream = await open(owner.jar.header());
    const otherStream = await open(other.jar.header());
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('cache-control')).toContain('no-transform');
    await stream.next((event) => event.event === 'ready');
    const alertsBefore = await metric(/^coincard_alerts_raised_total\{kind="card_purchase"\}/);

    const card = await cardOf(t, owner.jar, owner.cardId);
    const issuerCardId = String(card.simulatorUrl).split('/').pop();
    const bought = await t.request('POST', `/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
      body: { amountCents: 500, merchant: 'amazon' },
    });
    expect(bought.json()).toMatchObject({ outcome: 'successful' });
    const alert = await stream.next((event) => event.event === 'alert');
    const [listed] = (await t.request('GET', '/api/alerts', { jar: owner.jar })).json().items;
    expect(alert.data).toEqual({ type: 'alert', id: listed.id, kind: 'card_purchase' });
    expect((await stream.next((event) => event.event === 'card')).data).toEqual({ type: 'card', cardId: owner.cardId });

    const deposit = (
      await createDeposit(t, owner.jar, { currency: 'USDT', network: 'TRON', amountInUsd: 2000 })
    ).json();
    await payInSandbox(t, deposit.paymentUrl, 'paid');
    expect((await stream.next((event) => event.event === 'deposit')).data).toEqual({
      type: 'deposit',
      orderId: deposit.orderId,
    });
    await stream.next(
      (event) => event.event === 'alert' && (event.data as { kind: string }).kind === 'top_up_credited',
    );
    await otherStream.next((event) => event.event === 'ready');
    expect(otherStream.events.map((event) => event.event)).toEqual(['ready']);
    // Heartbeats keep proxies from closing an idle stream.
    expect(await stream.heartbeat()).toBe(true);
    // Counted once, by the instance that raised it, after its commit.
    expect(await metric(/^coincard_alerts_raised_total\{kind="card_purchase"\}/)).toBe(
      (Number.isNaN(alertsBefore) ? 0 : alertsBefore) + 1,
    );
  });

  it('limits the streams one user holds open, counts them, and frees a place when one closes', async () => {
    const { jar } = await t.signUpVerified('live-tabs@example.com');
    const openBefore = await metric(/^coincard_live_streams_open /);
    const first = await open(jar.header());
    const second = await open(jar.header());
    await first.next((event) => event.event === 'ready');
    await second.next((event) => event.event === 'ready');
    expect(await metric(/^coincard_live_streams_open /)).toBe(openBefore + 2);
    const third = await open(jar.header());
    expect(third.response.status).toBe(429);
    expect(third.refusal?.message).toMatch(/Too many live connections/);
    expect(await metric(/^coincard_live_streams_refused_total\{reason="per-user-limit"\}/)).toBe(1);

    await first.close();
    for (let i = 0; i < 100 && (await metric(/^coincard_live_streams_open /)) !== openBefore + 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await metric(/^coincard_live_streams_open /)).toBe(openBefore + 1);
    const fourth = await open(jar.header());
    expect(fourth.response.status).toBe(200);
  });

  it('refuses a stream without a session', async () => {
    const stream = await open('');
    expect(stream.response.status).toBe(401);
    expect(stream.refusal?.errorCode).toBe('InvalidAccessToken');
  });
});
