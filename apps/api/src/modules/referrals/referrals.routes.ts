import {
  paginationQuerySchema,
  referralStatsSchema,
  referralSummarySchema,
  referralWithdrawResponseSchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { getReferralStats, getReferralSummary, withdrawReferralEarnings } from './referrals.service.js';

const tags = ['referrals'];

/** /api/referrals: the signed-in user's referral rewards and earnings. */
export function referralRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireRole(deps, ['user']));

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'Your referral rewards (10 per page, newest first) and your own first-card bonus',
          querystring: paginationQuerySchema.pick({ page: true }),
          response: { 200: referralSummarySchema },
        },
      },
      async (request) => getReferralSummary(deps, principalOf(request).user, request.query.page),
    );

    app.get(
      '/stats',
      { schema: { tags, summary: 'Your referral earnings', response: { 200: referralStatsSchema } } },
      async (request) => getReferralStats(deps, principalOf(request).user),
    );

    app.post(
      '/withdraw',
      {
        schema: {
          tags,
          summary: 'Move all withdrawable referral earnings (from $25) into your balance',
          response: { 200: referralWithdrawResponseSchema },
        },
      },
      async (request) => withdrawReferralEarnings(deps, principalOf(request).user, contextOf(request)),
    );
  };
}
