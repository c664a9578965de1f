import {
  cardActionResponseSchema,
  cardControlsBodySchema,
  cardControlsSchema,
  cardMoneyResponseSchema,
  cardSchema,
  cardSecretsSchema,
  cardsSchema,
  cardTransactionsPageSchema,
  cardTransactionsQuerySchema,
  createCardBodySchema,
  createCardResponseSchema,
  deleteCardResponseSchema,
  loadCardBodySchema,
  loadQuoteQuerySchema,
  loadQuoteSchema,
  unloadCardBodySchema,
  updatePinBodySchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { idempotencyHeaders } from '../../lib/idempotency-header.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { getCardControls, updateCardControls } from './card-controls.service.js';
import { loadCard, quoteCardLoad, unloadCard } from './card-money.service.js';
import {
  createCard,
  deleteCard,
  freezeCard,
  getCard,
  listCards,
  listCardTransactions,
  revealCardSecrets,
  unfreezeCard,
  updateCardPin,
} from './cards.service.js';

const tags = ['cards'];
/** Any id shape reaches the service, which answers 404 for whatever is not one of the caller's cards. */
const cardParams = z.object({ id: z.string().max(100) });

/** /api/cards: the signed-in user's own virtual cards. Every call answers 404 for a card that is not theirs. */
export function cardRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const user = requireRole(deps, ['user']);
    const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user;

    app.get(
      '/',
      { onRequest: user, schema: { tags, summary: 'Your cards (not deleted)', response: { 200: cardsSchema } } },
      async (request) => listCards(deps, me(request)),
    );

    app.post(
      '/create',
      {
        onRequest: user,
        schema: {
          tags,
          summary: 'Create a card ($15, from the balance)',
          headers: idempotencyHeaders,
          body: createCardBodySchema,
          response: { 201: createCardResponseSchema },
        },
      },
      async (request, reply) => {
        const created = await createCard(
          deps,
          me(request),
          request.body,
          request.headers['idempotency-key'],
          contextOf(request),
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/:id/public',
      { onRequest: user, schema: { tags, summary: 'One card', params: cardParams, response: { 200: cardSchema } } },
      async (request) => getCard(deps, me(request), request.params.id),
    );

    app.get(
      '/:id/private',
      {
        onRequest: user,
        schema: {
          tags,
          summary:
            'The full card number, expiry and CVV (from the issuer, never stored; needs a step-up of this session; audited, mailed to the owner, rate limited)',
          params: cardParams,
          response: { 200: cardSecretsSchema },
        },
      },
      async (request) => revealCardSecrets(deps, principalOf(request), request.params.id, contextOf(request)),
    );

    app.get(
      '/:id/transactions',
      {
        onRequest: user,
        schema: {
          tags,
          summary: "The card's transactions at the issuer, 10 per page, newest first",
          params: cardParams,
          querystring: cardTransactionsQuerySchema,
          response: { 200: cardTransactionsPageSchema },
        },
      },
      async (request) => listCardTransactions(deps, me(request), request.params.id, request.query.page_no),
    );

    app.get(
      '/:id/load-quote',
      {
        onRequest: user,
        schema: {
          tags,
          summary: 'What a load would cost and put on the card, and whether it would go through',
          params: cardParams,
          querystring: loadQuoteQuerySchema,
          response: { 200: loadQuoteSchema },
        },
      },
      async (request) => quoteCardLoad(deps, me(request), request.params.id, request.query),
    );

    app.patch(
      '/:id/load',
      {
        onRequest: user,
        schema: {
          tags,
          summary:
            'Load money from the balance onto the card (fee 5% + $1; beyond $200 a day, needs a step-up of this session)',
          params: cardParams,
          headers: idempotencyHeaders,
          body: loadCardBodySchema,
          response: { 200: cardMoneyResponseSchema },
        },
      },
      async (request) =>
        loadCard(deps, me(request), request.params.id, request.body, request.headers['idempotency-key'], {
          sessionId: principalOf(request).sessionId,
        }),
    );

    app.patch(
      '/:id/unload',
      {
        onRequest: user,
        schema: {
          tags,
          summary: 'Unload money from the card back to the balance ($1 stays; once per 5 minutes)',
          params: cardParams,
          headers: idempotencyHeaders,
          body: unloadCardBodySchema,
          response: { 200: cardMoneyResponseSchema },
        },
      },
      async (request) =>
        unloadCard(deps, me(request), request.params.id, request.body, request.headers['idempotency-key']),
    );

    app.patch(
      '/:id/freeze',
      {
        onRequest: user,
        schema: { tags, summary: 'Freeze the card', params: cardParams, response: { 200: cardActionResponseSchema } },
      },
      async (request) => freezeCard(deps, me(request), request.params.id, contextOf(request)),
    );

    app.patch(
      '/:id/unfreeze',
      {
        onRequest: user,
        schema: { tags, summary: 'Unfreeze the card', params: cardParams, response: { 200: cardActionResponseSchema } },
      },
      async (request) => unfreezeCard(deps, me(request), request.params.id, contextOf(request)),
    );

    app.patch(
      '/:id/pin',
      {
        onRequest: user,
        schema: {
          tags,
          summary: 'Set a new 4-digit 3DS code (needs a step-up of this session in the last 5 minutes)',
          params: cardParams,
          body: updatePinBodySchema,
          response: { 200: cardActionResponseSchema },
        },
      },
      async (request) =>
        updateCardPin(deps, principalOf(request), request.params.id, request.body.pin, contextOf(request)),
    );

    app.get(
      '/:id/controls',
      {
        onRequest: user,
        schema: {
          tags,
          summary: "The card's spending controls and what is left under its limits",
          params: cardParams,
          response: { 200: cardControlsSchema },
        },
      },
      async (request) => getCardControls(deps, me(request), request.params.id),
    );

    app.put(
      '/:id/controls',
      {
        onRequest: user,
        schema: {
          tags,
          summary: "Set the card's limits (cents or null), merchant lock and blocked categories",
          params: cardParams,
          body: cardControlsBodySchema,
          response: { 200: cardControlsSchema },
        },
      },
      async (request) => updateCardControls(deps, me(request), request.params.id, request.body, contextOf(request)),
    );

    app.delete(
      '/:id',
      {
        onRequest: user,
        schema: {
          tags,
          summary: 'Delete the card; its balance returns to yours',
          params: cardParams,
          response: { 200: deleteCardResponseSchema },
        },
      },
      async (request) => deleteCard(deps, me(request), request.params.id, contextOf(request)),
    );
  };
}
