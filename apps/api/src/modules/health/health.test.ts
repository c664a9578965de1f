import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../../jobs/queues.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness and readiness, both in the API document', async () => {
    expect((await t.request('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'up', jobs: 'up' } });
    const paths = (await t.request('GET', '/api/docs/json')).json().paths;
    expect(paths['/api/health'].get.tags).toEqual(['ops']);
    expect(paths['/api/health/ready'].get.tags).toEqual(['ops']);
    expect(Object.keys(paths['/api/health/ready'].get.responses)).toEqual(['200', '503']);
  });

  it('is not ready while the job queues cannot be reached, and says which; liveness does not care', async () => {
    await t.deps.db.execute(sql.raw(`alter schema ${JOB_SCHEMA} rename to ${JOB_SCHEMA}_away`));
    try {
      const notReady = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(Number(notReady.headers['retry-after'])).toBeGreaterThan(0);
      expect(notReady.json()).toEqual({
        status: 'unavailable',
        message: 'Not ready: the job queues cannot be reached.',
        errorCode: 'ServiceUnavailable',
        checks: { database: 'up', jobs: 'down' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.deps.db.execute(sql.raw(`alter schema ${JOB_SCHEMA}_away rename to ${JOB_SCHEMA}`));
    }
    expect((await t.request('GET', '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Any heap is "too much" here, so the instance is under pressure from its first sample on.
    t = await createTestApp({ configEnv: { LOAD_SHED_MAX_HEAP_USED_MB: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with Retry-After and a readable message under pressure, but never to the health routes', async () => {
    let shed = await t.app.inject({ method: 'GET', url: '/api/user' });
    // The plugin samples once a second: wait for its first sample.
    for (let tries = 0; shed.statusCode !== 503 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shed = await t.app.inject({ method: 'GET', url: '/api/user' });
    }
    expect(shed.statusCode).toBe(503);
    expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
    expect(shed.json()).toEqual({
      message: 'The service is busy right now. Please try again in a few seconds.',
      errorCode: 'ServiceUnavailable',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
