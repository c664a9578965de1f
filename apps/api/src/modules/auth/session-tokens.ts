import { ACCESS_TOKEN_TTL_MS } from '@coincard/shared';
import { hmacSha256, safeEqual } from '../../lib/crypto.js';

/**
 * The access token is a short-lived signed pointer to a session: "<sessionId>.<expiresAtMs>.<signature>".
 * Each request still loads the session and user, so a logout or a suspension takes effect at once.
 */
export function signAccessToken(secret: string, sessionId: string, now: Date): string {
  const payload = `${sessionId}.${now.getTime() + ACCESS_TOKEN_TTL_MS}`;
  return `${payload}.${hmacSha256(secret, `access:${payload}`)}`;
}

export function readAccessToken(secret: string, token: string, now: Date): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [sessionId = '', expiresAt = '', signature = ''] = parts;
  if (!safeEqual(hmacSha256(secret, `access:${sessionId}.${expiresAt}`), signature)) return null;
  if (!/^\d+$/.test(expiresAt) || Number(expiresAt) <= now.getTime()) return null;
  return sessionId;
}
