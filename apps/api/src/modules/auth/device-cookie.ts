import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { safeEqual } from '../../lib/crypto.js';
import { isKeyId, type Keyring, keyedHash } from '../../lib/keys.js';
import { cookieNames } from './cookies.js';

/**
 * The known-device cookie: proof that this browser has signed in to an account before. The account-level sign-in
 * delay never refuses such a browser (an outsider's wrong guesses must not keep the owner out), and a sign-in
 * without it mails the owner. Stateless: "<deviceId>.<proof>.<proof>…", one proof per account that signed in here
 * (the last few), each "<keyId>-<HMAC(device key, deviceId:userId)>" truncated to 128 bits. Nothing in it names the
 * account; it is worthless for another account, another browser's id, or without the server's key.
 */
const MAX_ACCOUNTS = 5;
/** Chrome keeps a cookie at most 400 days; asking for more would be cut to that anyway. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const deviceCookieName = (config: Config) => cookieNames(config).device;

const proofFor = (key: { id: string; key: Buffer }, deviceId: string, userId: string) =>
  `${key.id}-${keyedHash(key.key, `device:${deviceId}:${userId}`).slice(0, 32)}`;

function parse(value: string | undefined): { deviceId: string; proofs: string[] } | null {
  if (!value || value.length > 400) return null;
  const [deviceId = '', ...proofs] = value.split('.');
  return DEVICE_ID.test(deviceId) ? { deviceId, proofs: proofs.slice(0, MAX_ACCOUNTS) } : null;
}

/** True when this browser's cookie carries a valid proof for this account, under any configured key. */
export function isKnownDevice(request: FastifyRequest, config: Config, keys: Keyring, userId: string): boolean {
  const cookie = parse(request.cookies[deviceCookieName(config)]);
  if (!cookie) return false;
  return cookie.proofs.some((proof) => {
    const keyId = proof.slice(0, proof.indexOf('-'));
    const key = isKeyId(keyId) ? keys.find(keyId) : undefined;
    return key !== undefined && safeEqual(proof, proofFor(key, cookie.deviceId, userId));
  });
}

/** After a sign-in (or a password reset, which proved the inbox): this browser is known to this account from now on. */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  keys: Keyring,
  userId: string,
): void {
  const name = deviceCookieName(config);
  const existing = parse(request.cookies[name]);
  const deviceId = existing?.deviceId ?? randomBytes(16).toString('base64url');
  const proof = proofFor(keys.current, deviceId, userId);
  const others = (existing?.proofs ?? []).filter((candidate) => candidate !== proof);
  const value = [deviceId, proof, ...others].slice(0, MAX_ACCOUNTS + 1).join('.');
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isHttps,
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  });
}
