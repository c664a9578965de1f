import { describe, expect, it } from 'vitest';
import { loadFeeCents } from './fees.js';
import { greetingFor, maskEmail, nameFromEmail } from './greeting.js';
import { formatCents, parseDollarsToCents } from './money.js';
import { isStrongPassword, passwordScore } from './password.js';

describe('money', () => {
  it('formats cents as dollars with two decimals and an optional sign', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(2500, 'always')).toBe('+$25.00');
    expect(formatCents(-310)).toBe('-$3.10');
    expect(() => formatCents(1.5)).toThrow();
  });

  it('parses typed dollars into cents without floating-point drift', () => {
    expect(parseDollarsToCents('50')).toBe(5000);
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('1,000.5')).toBe(100050);
    expect(parseDollarsToCents('19.99')).toBe(1999);
    expect(parseDollarsToCents('1.234')).toBeNull();
    expect(parseDollarsToCents('-5')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
  });

  it('computes the load fee as ceil(5%) + $1', () => {
    expect(loadFeeCents(10000)).toBe(600);
    expect(loadFeeCents(101)).toBe(106);
  });
});

describe('people and passwords', () => {
  it('greets by the time of day per the spec', () => {
    expect([4, 5, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Good evening',
      'Good morning',
      'Good morning',
      'Good afternoon',
      'Good afternoon',
      'Good evening',
      'Good evening',
    ]);
    expect(nameFromEmail('ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(maskEmail('ada.lovelace@example.com')).toBe('ad...@example.com');
    expect(maskEmail('jo@example.com')).toBe('j...@example.com');
    expect(maskEmail('j@example.com')).toBe('j...@example.com');
  });

  it('requires length, lower, upper, digit and special character', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('abcdef1!')).toBe(false);
    expect(isStrongPassword('ABCDEF1!')).toBe(false);
    expect(isStrongPassword('Abcdefg!')).toBe(false);
    expect(isStrongPassword('Abcdefg1')).toBe(false);
    expect(isStrongPassword('Ab1!')).toBe(false);
    expect(passwordScore('Ab1!')).toBe(4);
  });
});
