import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { createAddressList } from '../../lib/address-list.js';
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
      const allowed = source.allowedSenders?.(deps.config);
      const senders = allowed && allowed.length > 0 ? createAddressList(allowed) : null;
      app.post(
        `/${source.name}`,
        { schema: { tags: ['webhooks'], summary: `Webhooks from the ${source.name} provider` } },
        async (request) => {
          // The client address as TRUST_PROXY resolves it: a spoofed X-Forwarded-For from an untrusted peer is ignored.
          if (senders && !senders.has(request.ip)) {
            deps.logger.warn({ source: source.name, ip: request.ip }, 'webhook from an address not on the allow-list');
            deps.metrics.webhookRefused(source.name, 'sender-not-allowed');
            throw new AppError('Forbidden', "Webhooks are accepted only from the provider's addresses.");
          }
          try {
            const header = source.signatureHeader ? request.headers[source.signatureHeader] : undefined;
            if (Array.isArray(header)) throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
            const rawBody = typeof request.body === 'string' ? request.body : '';
            // Stored and queued: acknowledged now, applied by the provider-event queue.
            return { received: true, ...(await receiveWebhook(deps, source, rawBody, header ?? null)) };
          } catch (error) {
            if (error instanceof AppError && error.errorCode === 'InvalidSignature') {
              deps.metrics.webhookRefused(source.name, 'bad-signature');
            }
            throw error;
          }
        },
      );
    }
  };
}
