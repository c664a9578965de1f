import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character and answers such a value with an error: refuse it up front, for
 * every route, with a 400 instead of letting it reach the database as a 500.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      containsNul(request.body) ||
      containsNul(request.query) ||
      containsNul(request.params) ||
      request.url.includes('%00')
    ) {
      throw new AppError('ValidationError', 'Text must not contain NUL characters.');
    }
  });
}
