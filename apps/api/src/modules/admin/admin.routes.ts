import {
  adminListQuerySchema,
  idSchema,
  messageSchema,
  toggleTwoFactorBodySchema,
  usersPageSchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { listUsers, setUserTwoFactor, toggleSuspension } from './admin-users.service.js';

const tags = ['admin'];
const idParams = z.object({ id: idSchema });

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
          response: { 200: messageSchema.extend({ isSuspended: z.boolean() }) },
        },
      },
      async (request) => toggleSuspension(deps, principalOf(request).user, request.params.id, contextOf(request)),
    );

    app.patch(
      '/2fa/:id',
      {
        schema: {
          tags,
          summary: "Turn a user's two-factor on or off",
          params: idParams,
          body: toggleTwoFactorBodySchema,
          response: { 200: messageSchema.extend({ isTwoFactorEnabled: z.boolean() }) },
        },
      },
      async (request) =>
        setUserTwoFactor(deps, principalOf(request).user, request.params.id, request.body.enabled, contextOf(request)),
    );
  };
}

/** GET /api/user/all lives under /user in the spec but is admin-only. */
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
