import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { handlePaymentWebhook } from './webhooks.service.js';

/** Provider webhooks: signed server-to-server calls, read as raw text because the signature covers the bytes. */
export function webhookRoutes(deps: Deps): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post('/payments', { schema: { tags: ['webhooks'], summary: 'Payment provider webhook' } }, async (request) => {
      const outcome = await handlePaymentWebhook(deps, typeof request.body === 'string' ? request.body : '');
      return { state: 0, outcome };
    });
  };
}
