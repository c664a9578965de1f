import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * How deep a request's JSON may nest. No contract of this API goes past a handful of levels; a limit keeps a
 * hostile body (thousands of nested arrays) from costing more than a readable 400.
 */
export const MAX_INPUT_DEPTH = 32;

type Finding = 'nul' | 'too-deep' | null;

/**
 * Looks for a NUL character anywhere in a parsed value. The walk is iterative, with an explicit stack: a
 * recursive walk overflowed the call stack on a 5,000-deep body and answered 500.
 */
function inspect(root: unknown): Finding {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'too-deep';
      const children = Array.isArray(value) ? value : Object.values(value);
      for (const child of children) stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character and answers such a value with an error: refuse it up front, for
 * every route, with a 400 instead of letting it reach the database as a 500. Absurdly nested input is refused
 * here too, before any validator or handler recurses into it.
 */
export function registerNulGuard(app: FastifyInstance) {
  // A callback hook: it runs on every request, and a promise each showed in the read's profile.
  app.addHook('preValidation', (request, _reply, done) => {
    done(refusal(request));
  });
}

function refusal(request: FastifyRequest): AppError | undefined {
  const findings = [inspect(request.body), inspect(request.query), inspect(request.params)];
  if (findings.includes('too-deep')) {
    return new AppError('ValidationError', `The request nests deeper than ${MAX_INPUT_DEPTH} levels.`);
  }
  if (findings.includes('nul') || request.url.includes('%00')) {
    return new AppError('ValidationError', 'Text must not contain NUL characters.');
  }
  return undefined;
}
