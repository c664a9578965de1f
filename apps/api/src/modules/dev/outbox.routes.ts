import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';

/** The dev outbox page's data. Registered only in demo mode, and only when mail goes to the outbox (no SMTP_URL). */
export function devOutboxRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mails kept by the development outbox',
          querystring: z.object({ to: z.string().max(254).optional() }),
        },
      },
      async (request) => {
        const rows = await deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
        const wanted = request.query.to?.toLowerCase();
        return {
          mails: rows
            .filter((row) => !wanted || row.to.toLowerCase() === wanted)
            .map((row) => ({
              _id: row.id,
              to: row.to,
              subject: row.subject,
              kind: row.kind,
              text: row.text,
              createdAt: row.createdAt.toISOString(),
            })),
        };
      },
    );
  };
}
