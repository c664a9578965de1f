import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.js';

/** As Drizzle reports a failed query: its own error, the driver's as `cause`. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a restart terminating the session (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a crash shutdown (57P02)', withCode('terminating connection due to crash of another server process', '57P02')],
    ['a database still starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
  ])('recognizes %s, bare or wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(true);
  });

  it.each([
    ['a unique violation', failedQuery(withCode('duplicate key value', '23505'))],
    ['a deadlock (answered as a collision, not an outage)', failedQuery(withCode('deadlock detected', '40P01'))],
    [
      "a provider's address refusing an outgoing call",
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ['an ordinary bug', new Error('Cannot read properties of undefined')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
