import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth (cookies are already SameSite=Strict): state-changing requests must come from the app's
 * own origin and carry JSON. Provider webhooks are server-to-server and are authenticated by signature instead.
 */
export function registerRequestGuard(app: FastifyInstance, options: { appOrigin: string; exemptPrefixes: string[] }) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (options.exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && origin !== options.appOrigin)) {
      throw new AppError('CrossOriginRequest', 'Cross-origin requests are not allowed.');
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const contentType = request.headers['content-type'] ?? '';
    if (hasBody && !/^application\/json(\s*;|$)/i.test(contentType)) {
      throw new AppError('UnsupportedMediaType', 'Send the request body as application/json.');
    }
  });
}
