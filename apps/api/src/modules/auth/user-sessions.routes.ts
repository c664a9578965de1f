import { messageSchema, revokeOthersResponseSchema, sessionsSchema } from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { endOtherSessions, endSession, listSessions } from './user-sessions.js';

const tags = ['user'];

/** `/api/user/sessions`: where the signed-in user is signed in, and ending those sessions. */
export function userSessionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const anyone = requireRole(deps, ['user', 'admin']);

    app.get(
      '/',
      { onRequest: anyone, schema: { tags, summary: 'Where you are signed in', response: { 200: sessionsSchema } } },
      async (request) => ({ sessions: await listSessions(deps, principalOf(request)) }),
    );

    app.delete(
      '/:id',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Sign out one of your other sessions',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await endSession(deps, principalOf(request), request.params.id, contextOf(request));
        return { message: 'That session is signed out.' };
      },
    );

    app.post(
      '/revoke-others',
      {
        onRequest: anyone,
        schema: { tags, summary: 'Sign out everywhere else', response: { 200: revokeOthersResponseSchema } },
      },
      async (request) => {
        const ended = await endOtherSessions(deps, principalOf(request), contextOf(request));
        return {
          message:
            ended === 0
              ? 'No other sessions were open.'
              : `Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`,
          ended,
        };
      },
    );
  };
}
