import { describe, expect, it } from 'vitest';
import { ageOn, isCalendarDate } from '../cardholder-rules.js';
import { cardholderSubmissionSchema, phoneSchema } from './cardholder.js';

describe('cardholder submission rules', () => {
  it('counts an age in whole years, the birthday itself included', () => {
    const today = new Date('2026-11-25T12:00:00Z');
    expect(ageOn('2008-11-25', today)).toBe(18);
    expect(ageOn('2008-11-26', today)).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-02-28T00:00:00Z'))).toBe(17);
  });

  it('takes only days that exist', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2001-02-29')).toBe(false);
    expect(isCalendarDate('1990-13-01')).toBe(false);
    expect(isCalendarDate('1990-1-01')).toBe(false);
  });

  it('reads a phone number as typed into E.164', () => {
    expect(phoneSchema.parse(' +44 (20) 7946-0123 ')).toBe('+442079460123');
    expect(phoneSchema.safeParse('020 7946 0123').success).toBe(false);
    expect(phoneSchema.safeParse('').error?.issues[0]?.message).toBe('Phone number is required.');
  });

  it('normalises codes and numbers, and drops empty optional lines', () => {
    const parsed = cardholderSubmissionSchema.parse({
      firstName: ' Ada ',
      lastName: "O'Neil-Smith",
      dateOfBirth: '1990-12-10',
      phone: '+44 20 7946 0123',
      address: { line1: '12 Ada Street', line2: '', city: 'London', state: '', postalCode: 'n1 9gu', country: 'gb' },
      idType: 'passport',
      idNumber: 'p 1234 5678',
      idCountry: 'gb',
    });
    expect(parsed).toMatchObject({
      firstName: 'Ada',
      address: { postalCode: 'N1 9GU', country: 'GB', line2: undefined, state: undefined },
      idNumber: 'P12345678',
      idCountry: 'GB',
    });
  });
});
