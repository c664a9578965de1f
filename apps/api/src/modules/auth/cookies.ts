import {
  ACCESS_TOKEN_TTL_MS,
  OTP_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  SECURE_COOKIE_PREFIX,
  SESSION_COOKIE_NAMES,
} from '@coincard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

export type SessionTokens = { accessToken: string; refreshToken: string; expiresAt: Date; userId: string };

/** Over HTTPS the cookies take the __Host- prefix, which browsers only accept when Secure, Path=/ and host-only. */
export function cookieNames(config: Config) {
  const prefix = config.isHttps ? SECURE_COOKIE_PREFIX : '';
  return {
    access: `${prefix}${SESSION_COOKIE_NAMES.access}`,
    refresh: `${prefix}${SESSION_COOKIE_NAMES.refresh}`,
    challenge: `${prefix}${SESSION_COOKIE_NAMES.challenge}`,
    marker: `${prefix}${SESSION_COOKIE_NAMES.marker}`,
    device: `${prefix}${SESSION_COOKIE_NAMES.device}`,
  };
}

function baseOptions(config: Config) {
  return { httpOnly: true, sameSite: 'strict', secure: config.isHttps, path: '/' } as const;
}

/**
 * The session marker is readable by the page on purpose: its value is a constant, so reading or forging it grants
 * nothing (the server never looks at it); it only spares a guest's page the requests that would answer 401.
 */
function markerOptions(config: Config) {
  return { ...baseOptions(config), httpOnly: false } as const;
}

export function setSessionCookies(reply: FastifyReply, config: Config, tokens: SessionTokens, now: Date): void {
  const names = cookieNames(config);
  reply.setCookie(names.access, tokens.accessToken, { ...baseOptions(config), maxAge: ACCESS_TOKEN_TTL_MS / 1000 });
  const refreshSeconds = Math.min(REFRESH_TOKEN_TTL_MS, tokens.expiresAt.getTime() - now.getTime()) / 1000;
  const refreshMaxAge = Math.max(0, Math.floor(refreshSeconds));
  reply.setCookie(names.refresh, tokens.refreshToken, { ...baseOptions(config), maxAge: refreshMaxAge });
  reply.setCookie(names.marker, '1', { ...markerOptions(config), maxAge: refreshMaxAge });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const names = cookieNames(config);
  reply.clearCookie(names.access, baseOptions(config));
  reply.clearCookie(names.refresh, baseOptions(config));
  reply.clearCookie(names.marker, markerOptions(config));
}

export function readSessionCookies(request: FastifyRequest, config: Config) {
  const names = cookieNames(config);
  return { accessToken: request.cookies[names.access], refreshToken: request.cookies[names.refresh] };
}

/** Ties the two-factor step to the browser that passed the password step, for the code's lifetime. */
export function setTwoFactorChallengeCookie(reply: FastifyReply, config: Config, challenge: string): void {
  reply.setCookie(cookieNames(config).challenge, challenge, { ...baseOptions(config), maxAge: OTP_TTL_MS / 1000 });
}

export function readTwoFactorChallenge(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[cookieNames(config).challenge];
}

export function clearTwoFactorChallengeCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(cookieNames(config).challenge, baseOptions(config));
}
