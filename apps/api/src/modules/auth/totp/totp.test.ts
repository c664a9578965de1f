import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, otpauthUri, totpAt, totpStep } from './totp.js';

// RFC 6238 Appendix B: the SHA1 rows use the 20-byte ASCII seed "12345678901234567890".
const SEED = Buffer.from('12345678901234567890', 'ascii');
const SECRET = base32Encode(SEED);

describe('RFC 6238 TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i seconds the 8-digit SHA1 code is %s (Appendix B)', (seconds, code) => {
    expect(totpAt(SECRET, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('in use gives the last 6 digits of the same value', () => {
    expect(totpAt(SECRET, new Date(59_000))).toBe('287082');
    expect(totpAt(SECRET, new Date(1111111109_000))).toBe('081804');
  });

  it('RFC 4226 Appendix D HOTP values', () => {
    expect([0, 1, 2, 9].map((counter) => hotp(SEED, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('accepts one step either side and nothing further', () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    const at = (offset: number) => totpAt(SECRET, new Date(now.getTime() + offset * 30_000));
    expect(matchTotpStep(SECRET, at(0), now)).toBe(step);
    expect(matchTotpStep(SECRET, at(-1), now)).toBe(step - 1);
    expect(matchTotpStep(SECRET, at(1), now)).toBe(step + 1);
    expect(matchTotpStep(SECRET, at(2), now)).toBeNull();
    expect(matchTotpStep(SECRET, at(-2), now)).toBeNull();
    expect(matchTotpStep(SECRET, '12345', now)).toBeNull();
    expect(matchTotpStep(SECRET, 'abcdef', now)).toBeNull();
  });
});

describe('base32', () => {
  it('round-trips and matches RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(base32Decode(SECRET)).toEqual(SEED);
    expect(() => base32Decode('MZ1')).toThrow();
  });
});

it('builds the otpauth URI authenticator apps read', () => {
  expect(otpauthUri({ secret: 'ABC', account: 'a+b@example.com', issuer: 'CoinCard' })).toBe(
    'otpauth://totp/CoinCard:a%2Bb%40example.com?secret=ABC&issuer=CoinCard&algorithm=SHA1&digits=6&period=30',
  );
});
