import { passkeyOptionsSchema, stepUpBodySchema, stepUpMethodsSchema, stepUpResponseSchema } from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { assertionOptions } from './passkeys/passkeys.service.js';
import { stepUpMethods, stepUpSession } from './step-up.js';

const tags = ['auth'];
const noStore = { 'cache-control': 'no-store' };

/** `/api/auth/step-up`: the signed-in session proves again who is at it, before card details and large loads. */
export function stepUpRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const anyone = requireRole(deps, ['user', 'admin']);

    app.get(
      '/step-up',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: "What this session's step-up may use, and until when it counts",
          response: { 200: stepUpMethodsSchema },
        },
      },
      async (request) => stepUpMethods(deps, principalOf(request)),
    );

    app.post(
      '/step-up',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary:
            'Step up with the password, a code or a passkey (lets this session reveal card details for 5 minutes)',
          body: stepUpBodySchema,
          response: { 200: stepUpResponseSchema },
        },
      },
      async (request) => {
        const until = await stepUpSession(deps, principalOf(request), request.body, contextOf(request));
        return { message: 'Confirmed. You can go on.', steppedUpUntil: until.toISOString() };
      },
    );

    app.post(
      '/step-up/passkey-options',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'A passkey prompt for a step-up (its challenge works once, for this session)',
          response: { 200: passkeyOptionsSchema },
        },
      },
      async (request, reply) => {
        const { user, sessionId } = principalOf(request);
        await hitRateLimit(deps.db, RATE_RULES.passkeyPromptAccount, user.id, deps.now());
        reply.headers(noStore);
        return assertionOptions(deps, 'step_up', { userId: user.id, sessionId });
      },
    );
  };
}
