import { activityExportQuerySchema, activityPageSchema, activityQuerySchema } from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { exportActivity, listActivity } from './activity.service.js';

const tags = ['activity'];

/** /api/activity: the signed-in user's account statement. */
export function activityRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        // The session is checked with the statement, in one round trip (statement-lines.ts), and before the query
        // string is judged (attachValidation), as every signed-in route does.
        attachValidation: true,
        schema: {
          tags,
          summary:
            'Your statement: every movement of your money with the balance after it, newest first; filter by kind, card, days (from/to, UTC, both included) and words',
          querystring: activityQuerySchema,
          response: { 200: activityPageSchema },
        },
        // The dashboard polls the statement's first page: toItem builds exactly the contract's fields (typed as
        // ActivityPage), so the zod parse of every line is skipped, as for GET /api/user; the schema documents it.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => listActivity(deps, request, request.query),
    );

    app.get(
      '/export',
      {
        attachValidation: true,
        schema: {
          tags,
          summary: 'Your statement between two days (UTC, both included, at most a year) as CSV, oldest first',
          querystring: activityExportQuerySchema,
        },
      },
      async (request, reply) => {
        const csv = await exportActivity(deps, request, request.query);
        const { from, to } = request.query;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="coincard-statement-${from}-to-${to}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
