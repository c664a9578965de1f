import { randomBytes } from 'node:crypto';

/**
 * Request ids for logs and the x-request-id header: this process's random prefix and a counter. Unique across
 * instances and restarts without drawing random bytes per request (a UUID per request showed in the read's
 * profile, docs/decisions/020-authenticated-read-performance.md). They only correlate log lines; nothing trusts them.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}
