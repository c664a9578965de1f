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
import { createDeposit, getOwnDeposit, listAllDeposits, listOwnDeposits } from './deposits.service.js';

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
        onRequest: requireRole(deps, ['user', 'admin']),
        schema: {
          tags,
          summary: 'Your top-ups, newest first',
          querystring: paginationQuerySchema,
          response: { 200: depositsPageSchema },
        },
        // A page the dashboard polls: toDepositDto and pageMeta build exactly the contract's fields (typed as
        // DepositsPage), so the zod parse of every item the default serializer runs is skipped, as for GET /api/user
        // (docs/decisions/030-at-the-machines-limits.md); the schema still documents the answer in OpenAPI.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => listOwnDeposits(deps, principalOf(request).user, request.query),
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
