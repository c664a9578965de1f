import { ACCESS_TOKEN_TTL_MS } from '@coincard/shared';
import { describe, expect, it } from 'vitest';
import { createKeyring } from '../../lib/keys.js';
import { readAccessToken, signAccessToken } from './session-tokens.js';

const sessionId = '7d6f3f0e-8a4b-4b7e-9a59-0c2b8f1d2e3a';
const issuedAt = new Date('2026-11-22T10:00:00Z');
const later = (ms: number) => new Date(issuedAt.getTime() + ms);

describe('access tokens', () => {
  it('reads back the session of a token it signed, again and again while it is fresh', () => {
    const keys = createKeyring('a-secret-of-at-least-thirty-two-characters', 'access-token');
    const token = signAccessToken(keys, sessionId, issuedAt);
    expect(readAccessToken(keys, token, later(1000))).toBe(sessionId);
    expect(readAccessToken(keys, token, later(2000))).toBe(sessionId);
  });

  it('refuses a token once it has expired, even one it verified a moment before', () => {
    const keys = createKeyring('a-secret-of-at-least-thirty-two-characters', 'access-token');
    const token = signAccessToken(keys, sessionId, issuedAt);
    expect(readAccessToken(keys, token, later(ACCESS_TOKEN_TTL_MS - 1))).toBe(sessionId);
    expect(readAccessToken(keys, token, later(ACCESS_TOKEN_TTL_MS))).toBeNull();
  });

  it('refuses a changed signature, session or expiry, even after the genuine token was verified', () => {
    const keys = createKeyring('a-secret-of-at-least-thirty-two-characters', 'access-token');
    const token = signAccessToken(keys, sessionId, issuedAt);
    expect(readAccessToken(keys, token, later(1000))).toBe(sessionId);
    const [keyId, session, expiresAt, signature] = token.split('.') as [string, string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(readAccessToken(keys, `${keyId}.${session}.${expiresAt}.${flipped}`, later(1000))).toBeNull();
    const otherSession = '00000000-0000-4000-8000-000000000000';
    expect(readAccessToken(keys, `${keyId}.${otherSession}.${expiresAt}.${signature}`, later(1000))).toBeNull();
    expect(readAccessToken(keys, `${keyId}.${session}.${Number(expiresAt) + 1}.${signature}`, later(1000))).toBeNull();
  });

  it('refuses a token signed with a key this keyring does not hold, whatever another keyring verified', () => {
    const ours = createKeyring('a-secret-of-at-least-thirty-two-characters', 'access-token');
    const theirs = createKeyring('another-secret-of-at-least-thirty-two-chars', 'access-token');
    const token = signAccessToken(theirs, sessionId, issuedAt);
    expect(readAccessToken(theirs, token, later(1000))).toBe(sessionId);
    expect(readAccessToken(ours, token, later(1000))).toBeNull();
  });
});
