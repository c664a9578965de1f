import { describe, expect, it } from 'vitest';
import { serializeError } from './logger.js';

describe('logged errors', () => {
  it("keep a failed query's statement but never its parameters", () => {
    const error = new Error(
      'Failed query: update users set password_hash = $1 where id = $2\nparams: $argon2id$v=19$secret,42',
    );
    error.stack = `Error: ${error.message}\n    at somewhere (file.ts:1:1)`;
    const logged = serializeError(error);
    expect(logged.message).toBe('Failed query: update users set password_hash = $1 where id = $2\nparams: [redacted]');
    expect(JSON.stringify(logged)).not.toContain('argon2id');
    expect(logged.stack).toContain('at somewhere (file.ts:1:1)');
  });

  it('leave other errors as they are', () => {
    expect(serializeError(new Error('The issuer is down')).message).toBe('The issuer is down');
  });
});
