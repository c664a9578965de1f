import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { tryRateLimit } from './rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rule = { name: 'test:sliding', limit: 10, windowMs: 60_000 };
// A window edge, so the test's clock is under its control rather than the wall clock's.
const EDGE = Date.UTC(2030, 0, 1, 12, 0, 0);

async function hits(subject: string, atMs: number, count: number) {
  const answers: boolean[] = [];
  for (let i = 0; i < count; i += 1) answers.push(await tryRateLimit(t.deps.db, rule, subject, new Date(atMs)));
  return answers.filter(Boolean).length;
}

describe('sliding-window rate limits', () => {
  it('a full burst at the end of one window and another at the start of the next are not double the limit', async () => {
    expect(await hits('edge', EDGE - 1_000, 10)).toBe(10);
    // One second into the next window the previous burst still weighs almost fully: nothing more gets through.
    expect(await hits('edge', EDGE + 1_000, 10)).toBe(0);
  });

  it('lets hits through again as the previous window slides out', async () => {
    expect(await hits('slide', EDGE - 1_000, 10)).toBe(10);
    // Half-way through the next window, half of the earlier burst still counts.
    expect(await hits('slide', EDGE + 30_000, 10)).toBe(5);
    // A whole window later the earlier burst no longer counts; this window's 10 tries (5 allowed) weigh half.
    expect(await hits('slide', EDGE + 60_000 + 30_000, 10)).toBe(5);
  });
});
