import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../deps.js';

export function contextOf(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
