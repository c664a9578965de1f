import {
  messageSchema,
  recoveryCodesResponseSchema,
  totpConfirmBodySchema,
  totpEnrolBodySchema,
  totpEnrolmentSchema,
  totpStatusSchema,
  totpStepUpBodySchema,
  twoFactorEmailBodySchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../deps.js';
import { contextOf } from '../../../lib/request-context.js';
import { principalOf, requireRole } from '../../../plugins/authenticate.js';
import { readTwoFactorChallenge } from '../cookies.js';
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  totpStatus,
} from './totp.service.js';
import { mailTwoFactorCodeInstead } from './two-factor-email.js';

const tags = ['user'];
/** Nothing the authenticator hands out may sit in a browser or proxy cache. */
const noStore = { 'cache-control': 'no-store' };

/** `/api/user/totp/*`: the signed-in user's authenticator app. */
export function totpRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const anyone = requireRole(deps, ['user', 'admin']);

    app.get(
      '/',
      { onRequest: anyone, schema: { tags, summary: 'Authenticator app status', response: { 200: totpStatusSchema } } },
      async (request) => totpStatus(deps, principalOf(request).user.id),
    );

    app.post(
      '/enrol',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary:
            'Start setting up an authenticator app (the password, and a code or passkey when a factor is on; answers the secret, this once)',
          body: totpEnrolBodySchema,
          response: { 200: totpEnrolmentSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return startTotpEnrolment(deps, principalOf(request), request.body, contextOf(request));
      },
    );

    app.post(
      '/confirm',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Turn the authenticator on with a current code (answers the recovery codes, this once)',
          body: totpConfirmBodySchema,
          response: { 200: recoveryCodesResponseSchema },
        },
      },
      async (request, reply) => {
        const recoveryCodes = await confirmTotpEnrolment(
          deps,
          principalOf(request),
          request.body.code,
          contextOf(request),
        );
        reply.headers(noStore);
        return { message: 'The authenticator app is on.', recoveryCodes };
      },
    );

    app.post(
      '/disable',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Turn the authenticator off (password and a current code)',
          body: totpStepUpBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await disableTotp(deps, principalOf(request), request.body, contextOf(request));
        return { message: 'The authenticator app is off.' };
      },
    );

    app.post(
      '/recovery-codes',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Replace the recovery codes (password and a current code)',
          body: totpStepUpBodySchema,
          response: { 200: recoveryCodesResponseSchema },
        },
      },
      async (request, reply) => {
        const recoveryCodes = await regenerateRecoveryCodes(
          deps,
          principalOf(request).user,
          request.body,
          contextOf(request),
        );
        reply.headers(noStore);
        return { message: 'New recovery codes are ready. The old ones no longer work.', recoveryCodes };
      },
    );
  };
}

/** `/api/auth/2fa/email`: at the 2FA step, mail a code instead of using the authenticator. */
export function twoFactorEmailRoute(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/2fa/email',
      {
        schema: {
          tags: ['auth'],
          summary: 'At the 2FA step, mail a code instead of using the authenticator app',
          body: twoFactorEmailBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await mailTwoFactorCodeInstead(
          deps,
          { userId: request.body.userId, challenge: readTwoFactorChallenge(request, deps.config) },
          contextOf(request),
        );
        return { message: 'We sent a 6-digit code to your e-mail.' };
      },
    );
  };
}
