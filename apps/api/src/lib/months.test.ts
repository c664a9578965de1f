import { describe, expect, it } from 'vitest';
import { addMonths, startOfUtcMonth } from './months.js';

describe('calendar months in UTC', () => {
  it('adds months, keeping the day unless the month is shorter', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T23:59:00Z'), 3).toISOString()).toBe('2027-02-28T23:59:00.000Z');
  });

  it('finds the start of the month', () => {
    expect(startOfUtcMonth(new Date('2026-11-22T14:05:09Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
