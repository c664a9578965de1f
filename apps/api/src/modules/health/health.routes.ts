import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { checkReadiness, type ReadinessChecks } from './readiness.js';

const tags = ['ops'];

/** The health routes' own paths: load shedding never refuses them (plugins/load-shedding.ts). */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/api/health', '/api/health/ready']);

/** How long a probe is asked to wait before asking again while the instance is not ready. */
const NOT_READY_RETRY_SECONDS = 5;

const checksSchema = z.object({ database: z.enum(['up', 'down']), jobs: z.enum(['up', 'down']) });

const NAMES: Record<keyof ReadinessChecks, string> = { database: 'the database', jobs: 'the job queues' };

/** /api/health: liveness (the process answers) and readiness (it can do its work). */
export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags,
          summary:
            'Liveness: the process is up and answering (checks nothing else, so a database outage never restarts it)',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags,
          summary: 'Readiness: the database answers and the job queues are reachable; 503 with Retry-After otherwise',
          response: {
            200: z.object({ status: z.literal('ready'), checks: checksSchema }),
            503: z.object({
              status: z.literal('unavailable'),
              message: z.string(),
              errorCode: z.literal('ServiceUnavailable'),
              checks: checksSchema,
            }),
          },
        },
      },
      async (_request, reply) => {
        const checks = await checkReadiness(deps.db);
        const down = (Object.keys(checks) as (keyof ReadinessChecks)[])
          .filter((name) => checks[name] === 'down')
          .map((name) => NAMES[name]);
        if (down.length === 0) return { status: 'ready' as const, checks };
        return reply
          .status(503)
          .header('Retry-After', String(NOT_READY_RETRY_SECONDS))
          .send({
            status: 'unavailable' as const,
            message: `Not ready: ${down.join(' and ')} cannot be reached.`,
            errorCode: 'ServiceUnavailable' as const,
            checks,
          });
      },
    );
  };
}
