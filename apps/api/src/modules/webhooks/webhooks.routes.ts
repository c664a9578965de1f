import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import type { RegisteredWebhookSource } from './webhook-source.js';
import { receiveWebhook } from './webhooks.service.js';

/**
 * `/api/webhooks/{source}`: signed server-to-server calls, read as raw text because signatures cover the exact
 * bytes. One route per provider role, whichever implementation is configured behind it.
 */
export function webhookRoutes(deps: Deps, sources: readonly RegisteredWebhookSource[]): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const source of sources) {
      app.post(
        `/${source.name}`,
        { schema: { tags: ['webhooks'], summary: `Webhooks from the ${source.name} provider` } },
        async (request) => {
          const header = source.signatureHeader ? request.headers[source.signatureHeader] : undefined;
          if (Array.isArray(header)) throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
          const rawBody = typeof request.body === 'string' ? request.body : '';
          const outcome = await receiveWebhook(deps, source, rawBody, header ?? null);
          return { received: true, outcome };
        },
      );
    }
  };
}
