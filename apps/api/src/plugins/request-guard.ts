import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth (cookies are already SameSite=Strict): state-changing requests must come from the app's
 * own origin and carry JSON. Provider webhooks are server-to-server and are authenticated by signature instead.
 */
export function registerRequestGuard(app: FastifyInstance, options: { appOrigin: string; exemptPrefixes: string[] }) {
  // A callback hook, not an async one: it runs on every request, and a promise per request showed in the read's
  // profile (docs/decisions/020-authenticated-read-performance.md).
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusal(request, options));
  });
}

function refusal(
  request: FastifyRequest,
  options: { appOrigin: string; exemptPrefixes: string[] },
): AppError | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return undefined;
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && origin !== options.appOrigin)) {
    return new AppError('CrossOriginRequest', 'Cross-origin requests are not allowed.');
  }
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const contentType = request.headers['content-type'] ?? '';
  if (hasBody && !/^application\/json(\s*;|$)/i.test(contentType)) {
    return new AppError('UnsupportedMediaType', 'Send the request body as application/json.');
  }
  return undefined;
}
