import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.js';

describe('uuidv7', () => {
  it('is a version 7, RFC 9562 variant UUID carrying its millisecond', () => {
    const now = Date.UTC(2026, 10, 26, 19, 0, 0, 123);
    const id = uuidv7(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sorts in the order the ids were made, within one millisecond too', () => {
    const now = Date.now();
    const made = Array.from({ length: 2000 }, (_, i) => uuidv7(now + Math.floor(i / 500)));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });
});
