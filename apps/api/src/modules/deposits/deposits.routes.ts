import type { DepositsPage } from '@coincard/shared';
import {
  adminListQuerySchema,
  createDepositBodySchema,
  depositSchema,
  depositsPageSchema,
  exchangeRateSchema,
  findCoin,
  paginationQuerySchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { idempotencyHeaders } from '../../lib/idempotency-header.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { authenticatedRead } from '../../plugins/authenticated-read.js';
import { createDeposit, getOwnDeposit, listAllDeposits } from './deposits.service.js';
import { OWN_DEPOSITS_PAGE, ownDepositsPaging } from './own-deposits-page.js';

const tags = ['transactions'];

/** Crypto top-ups: /api/transactions. */
export function depositRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      {
        onRequest: requireRole(deps, ['user']),
        schema: {
          tags,
          summary: 'Start a crypto top-up; answers the payment link',
          headers: idempotencyHeaders,
          body: createDepositBodySchema,
          response: { 201: depositSchema },
        },
      },
      async (request, reply) => {
        const deposit = await createDeposit(
          deps,
          principalOf(request).user,
          request.body,
          request.headers['idempotency-key'],
        );
        return reply.status(201).send(deposit);
      },
    );

    app.get(
      '/',
      {
        // The session is checked with the page, in one round trip (authenticated-read.ts), and before the query string
        // is judged (attachValidation), as every signed-in route does.
        attachValidation: true,
        schema: {
          tags,
          summary: 'Your top-ups, newest first',
          querystring: paginationQuerySchema,
          response: { 200: depositsPageSchema },
        },
      },
      // A page the dashboard polls: PostgreSQL writes the answer's JSON (own-deposits-page.ts), sent as it comes; the
      // schema above still documents it in OpenAPI.
      async (request, reply) => {
        const answer = await authenticatedRead(deps, request, OWN_DEPOSITS_PAGE, ownDepositsPaging(request.query));
        // Already the answer's JSON text: Fastify sends a string with a JSON content type unchanged.
        return reply.type('application/json; charset=utf-8').send(answer as unknown as DepositsPage);
      },
    );

    app.get(
      '/all',
      {
        onRequest: requireRole(deps, ['admin']),
        schema: {
          tags,
          summary: 'All top-ups (admin)',
          querystring: adminListQuerySchema,
          response: { 200: depositsPageSchema },
        },
      },
      async (request) => listAllDeposits(deps, request.query),
    );

    app.get(
      '/:id',
      {
        onRequest: requireRole(deps, ['user', 'admin']),
        schema: {
          tags,
          summary: 'One of your top-ups (its status, as the payment lands)',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: depositSchema },
        },
      },
      async (request) => getOwnDeposit(deps, principalOf(request).user, request.params.id),
    );

    app.get(
      '/exchange-rate/:currency',
      {
        onRequest: requireRole(deps, ['user', 'admin']),
        schema: {
          tags,
          summary: 'USD per one coin',
          params: z.object({
            currency: z
              .string()
              .max(10)
              .toUpperCase()
              .refine((code) => findCoin(code) !== undefined, { message: 'This cryptocurrency is not supported.' }),
          }),
          response: { 200: exchangeRateSchema },
        },
      },
      async (request) => ({
        from: request.params.currency,
        to: 'USD' as const,
        course: await deps.rates(request.params.currency),
      }),
    );
  };
}
