import { describe, expect, it } from 'vitest';
import { leaksInternals } from './hostile-input.js';

describe('the stack-trace detector of the hostile-input suite', () => {
  it('sees stack frames and internals', () => {
    expect(leaksInternals('Error: boom\n    at handler (/app/src/routes.ts:12:7)')).toBe(true);
    expect(leaksInternals('{"message":"x","stack":"..."}')).toBe(true);
    expect(leaksInternals('at file:///app/dist/server.js:1:2')).toBe(true);
  });
  it('lets readable messages through', () => {
    expect(leaksInternals('{"message":"page must be at least 1.","to":"like 2026-11-22T10:00:00Z"}')).toBe(false);
  });
});
