import {
  adminCardActionResponseSchema,
  adminCardsSchema,
  adminDashboardQuerySchema,
  adminDashboardStatsSchema,
  adminListQuerySchema,
  adminUserStatsSchema,
  auditPageSchema,
  auditQuerySchema,
  deadLettersPageSchema,
  deadLettersQuerySchema,
  depositsPageSchema,
  idSchema,
  jobsOverviewSchema,
  messageSchema,
  paginationQuerySchema,
  resolveReviewBodySchema,
  resolveReviewResponseSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
  suspendUserBodySchema,
  toggleSuspensionResponseSchema,
  toggleTwoFactorBodySchema,
  toggleUserTwoFactorResponseSchema,
  usersPageSchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { blockCard, listCardsOfUser, unblockCard } from '../cards/card-blocks.service.js';
import { listReviews, resolveReview } from '../reviews/reviews.service.js';
import { listAudit } from './admin-audit.service.js';
import { jobsOverview, listDeadLetters, retryDeadLetter } from './admin-jobs.service.js';
import { getDashboardStats, getUserStats } from './admin-stats.service.js';
import { listDepositsOfUser, listUsers, loadTarget, setSuspension, setUserTwoFactor } from './admin-users.service.js';
import { resetSecondFactor } from './second-factor-reset.js';

const tags = ['admin'];
const idParams = z.object({ id: idSchema });
const cardParams = z.object({ cardId: idSchema });

/** Admin calls under /api/admin. */
export function adminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireRole(deps, ['admin']));

    app.patch(
      '/suspend/:id',
      {
        schema: {
          tags,
          summary: 'Suspend or re-activate a user',
          params: idParams,
          body: suspendUserBodySchema,
          response: { 200: toggleSuspensionResponseSchema },
        },
      },
      async (request) =>
        setSuspension(deps, principalOf(request).user, request.params.id, request.body?.suspended, contextOf(request)),
    );

    app.get(
      '/stats/dashboard',
      {
        schema: {
          tags,
          summary: 'Platform figures: totals, weekly growth, the last 7 days, top users, recent paid top-ups',
          querystring: adminDashboardQuerySchema,
          response: { 200: adminDashboardStatsSchema },
        },
      },
      async (request) => getDashboardStats(deps, request.query.paidPage),
    );

    app.get(
      '/stats/user/:id',
      {
        schema: {
          tags,
          summary: "One user's cards, the revenue they brought, and their referrals",
          params: idParams,
          response: { 200: adminUserStatsSchema },
        },
      },
      async (request) => getUserStats(deps, request.params.id),
    );

    app.get(
      '/users/:id/cards',
      {
        schema: {
          tags,
          summary: 'Every card a user ever had',
          params: idParams,
          response: { 200: adminCardsSchema },
        },
      },
      async (request) => listCardsOfUser(deps, (await loadTarget(deps, request.params.id)).id),
    );

    app.get(
      '/users/:id/deposits',
      {
        schema: {
          tags,
          summary: "A user's top-ups, newest first",
          params: idParams,
          querystring: paginationQuerySchema,
          response: { 200: depositsPageSchema },
        },
      },
      async (request) => listDepositsOfUser(deps, request.params.id, request.query),
    );

    app.get(
      '/audit',
      {
        schema: {
          tags,
          summary: 'The audit log: who did what to whom, when and from where',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => listAudit(deps, request.query),
    );

    app.get(
      '/reviews',
      {
        schema: {
          tags,
          summary: 'The review queue: disagreements the app will not settle on its own, newest first',
          querystring: reviewsQuerySchema,
          response: { 200: reviewsPageSchema },
        },
      },
      async (request) => listReviews(deps, request.query),
    );

    app.get(
      '/jobs',
      {
        schema: {
          tags,
          summary: 'Background work by queue: waiting, running, dead letters and the oldest wait',
          response: { 200: jobsOverviewSchema },
        },
      },
      async () => jobsOverview(deps),
    );

    app.get(
      '/jobs/dead-letters',
      {
        schema: {
          tags,
          summary: 'Jobs that failed for good, newest first (payloads are never shown)',
          querystring: deadLettersQuerySchema,
          response: { 200: deadLettersPageSchema },
        },
      },
      async (request) => listDeadLetters(deps, request.query),
    );

    app.post(
      '/jobs/dead-letters/:id/retry',
      {
        schema: {
          tags,
          summary: 'Send a dead letter back to its queue (audited)',
          params: idParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => retryDeadLetter(deps, principalOf(request).user, request.params.id, contextOf(request)),
    );

    app.patch(
      '/reviews/:id',
      {
        schema: {
          tags,
          summary: 'Resolve a review with a note (records a decision; moves no money)',
          params: idParams,
          body: resolveReviewBodySchema,
          response: { 200: resolveReviewResponseSchema },
        },
      },
      async (request) =>
        resolveReview(deps, principalOf(request).user, request.params.id, request.body.note, contextOf(request)),
    );

    app.patch(
      '/cards/:cardId/freeze',
      {
        schema: {
          tags,
          summary: 'Block a card (its owner cannot unfreeze it)',
          params: cardParams,
          response: { 200: adminCardActionResponseSchema },
        },
      },
      async (request) => blockCard(deps, principalOf(request).user, request.params.cardId, contextOf(request)),
    );

    app.patch(
      '/cards/:cardId/unfreeze',
      {
        schema: {
          tags,
          summary: 'Lift a block by support',
          params: cardParams,
          response: { 200: adminCardActionResponseSchema },
        },
      },
      async (request) => unblockCard(deps, principalOf(request).user, request.params.cardId, contextOf(request)),
    );

    app.post(
      '/users/:id/second-factor/reset',
      {
        schema: {
          tags,
          summary:
            "Remove a user's authenticator app, recovery codes and passkeys, turn e-mail codes on and sign them out (audited)",
          params: idParams,
          response: { 200: toggleUserTwoFactorResponseSchema },
        },
      },
      async (request) => resetSecondFactor(deps, principalOf(request).user, request.params.id, contextOf(request)),
    );

    app.patch(
      '/2fa/:id',
      {
        schema: {
          tags,
          summary: "Turn a user's two-factor on or off",
          params: idParams,
          body: toggleTwoFactorBodySchema,
          response: { 200: toggleUserTwoFactorResponseSchema },
        },
      },
      async (request) =>
        setUserTwoFactor(deps, principalOf(request).user, request.params.id, request.body.enabled, contextOf(request)),
    );
  };
}

/** GET /api/user/all lives under /user but is admin-only (docs/product-rules.md, API conventions). */
export function adminUserListRoute(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/all',
      {
        onRequest: requireRole(deps, ['admin']),
        schema: {
          tags,
          summary: 'All users (admin)',
          querystring: adminListQuerySchema,
          response: { 200: usersPageSchema },
        },
      },
      async (request) => listUsers(deps, request.query),
    );
  };
}
