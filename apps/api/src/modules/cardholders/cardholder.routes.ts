import {
  adminCardholderSchema,
  cardholderSubmissionSchema,
  cardholderVerificationSchema,
  idSchema,
  restrictedCountriesSchema,
  reverifyCardholderBodySchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { restrictedCountries } from './restricted-countries.js';
import { getVerification, submitVerification } from './verification.service.js';
import { adminVerification, requestReverification } from './verification-admin.service.js';

const tags = ['cardholder'];

/** /api/cardholder: the signed-in user's identity verification, the step before the first card (decision 029). */
export function cardholderRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const user = requireRole(deps, ['user']);

    app.get(
      '/',
      {
        onRequest: user,
        schema: {
          tags,
          summary: 'Where your identity verification stands, with your details masked',
          response: { 200: cardholderVerificationSchema },
        },
      },
      async (request) => getVerification(deps, principalOf(request).user),
    );

    app.post(
      '/',
      {
        onRequest: user,
        schema: {
          tags,
          summary:
            'Send your identity to the card issuer to verify (or again, after a refusal); the decision arrives later',
          body: cardholderSubmissionSchema,
          response: { 202: cardholderVerificationSchema },
        },
      },
      async (request, reply) => {
        const verification = await submitVerification(
          deps,
          principalOf(request).user,
          request.body,
          contextOf(request),
        );
        return reply.status(202).send(verification);
      },
    );

    app.get(
      '/restricted-countries',
      {
        schema: {
          tags,
          summary: 'The countries whose residents and documents cannot be verified, and where the list comes from',
          response: { 200: restrictedCountriesSchema },
        },
      },
      async () => restrictedCountries(deps.config),
    );
  };
}

const idParams = z.object({ id: idSchema });

/** Under /api/admin: a user's verification as support sees it, and the request to verify again. */
export function adminCardholderRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireRole(deps, ['admin']));

    app.get(
      '/users/:id/cardholder',
      {
        schema: {
          tags: ['admin'],
          summary: "A user's identity verification: status, dates, the issuer's reasons and its history",
          params: idParams,
          response: { 200: adminCardholderSchema },
        },
      },
      async (request) => adminVerification(deps, request.params.id),
    );

    app.post(
      '/users/:id/cardholder/reverify',
      {
        schema: {
          tags: ['admin'],
          summary: 'Ask a user to verify their identity again, saying why (audited)',
          params: idParams,
          body: reverifyCardholderBodySchema,
          response: { 200: adminCardholderSchema },
        },
      },
      async (request) =>
        requestReverification(
          deps,
          principalOf(request).user,
          request.params.id,
          request.body.reason,
          contextOf(request),
        ),
    );
  };
}
