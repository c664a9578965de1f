import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  AUTHORIZATION_TIMESTAMP_HEADER,
} from '../../providers/issuing/authorization-signature.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { decideAuthorization } from './card-authorization.service.js';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * `/api/issuing/authorizations`: the issuer asks whether to approve a purchase (decision 033). Read as raw text,
 * since the signature covers the exact bytes. Answered `{ approved, decline_reason }`; a forged, stale or malformed
 * request gets 401 and decides nothing. Absent (404) with an issuer that has no authorization hook.
 */
export function cardAuthorizationRoutes(deps: Deps): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post(
      '/authorizations',
      { schema: { tags: ['webhooks'], summary: 'Real-time purchase authorization from the card issuer' } },
      async (request) => {
        const hook = deps.issuer.authorizations;
        if (!hook) throw notFound('Route');
        let verified: ReturnType<typeof hook.verify>;
        try {
          verified = hook.verify({
            rawBody: typeof request.body === 'string' ? request.body : '',
            timestamp: header(request.headers[AUTHORIZATION_TIMESTAMP_HEADER]),
            signature: header(request.headers[AUTHORIZATION_SIGNATURE_HEADER]),
            now: deps.now(),
          });
        } catch (error) {
          if (error instanceof IssuerError) {
            deps.logger.warn({ why: error.message }, 'authorization request refused');
            throw new AppError('InvalidSignature', 'The authorization request signature is invalid or stale.');
          }
          throw error;
        }
        const decision = await decideAuthorization(deps, verified);
        return { approved: decision.approved, decline_reason: decision.reason };
      },
    );
  };
}
