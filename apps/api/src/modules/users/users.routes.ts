import {
  changeEmailInitBodySchema,
  changeEmailVerifyBodySchema,
  changePasswordBodySchema,
  messageSchema,
  toggleTwoFactorBodySchema,
  userSchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { sendStepUpCode, verifyStepUp } from '../auth/step-up.js';
import { changePassword, confirmEmailChange, setTwoFactor, startEmailChange, toUserDto } from './users.service.js';

const tags = ['user'];

export function userRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const anyone = requireRole(deps, ['user', 'admin']);

    app.get(
      '/',
      {
        onRequest: anyone,
        schema: { tags, summary: 'The signed-in user', response: { 200: userSchema } },
        // The hottest read: toUserDto builds exactly the contract's fields (typed as User), so the zod parse the
        // default serializer runs on each answer is skipped here (docs/decisions/020-authenticated-read-performance.md); the schema still
        // documents the answer in OpenAPI.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        const { user, balance } = principalOf(request);
        return toUserDto(user, balance);
      },
    );

    app.patch(
      '/2fa',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Turn e-mail two-factor on or off',
          body: toggleTwoFactorBodySchema,
          response: { 200: messageSchema.extend({ isTwoFactorEnabled: z.boolean() }) },
        },
      },
      async (request) => {
        const { enabled } = request.body;
        const { user, sessionId } = principalOf(request);
        if (!enabled && user.twoFactorEnabled) {
          await verifyStepUp(deps, principalOf(request), request.body, contextOf(request));
        }
        await setTwoFactor(deps, { actorId: user.id, targetId: user.id, enabled, ip: request.ip, sessionId });
        return {
          message: enabled ? 'Two-factor authentication is on.' : 'Two-factor authentication is off.',
          isTwoFactorEnabled: enabled,
        };
      },
    );

    app.post(
      '/step-up/code',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Mail the code that a change of e-mail, password or two-factor asks for when two-factor is on',
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        const sent = await sendStepUpCode(deps, principalOf(request).user);
        return {
          message: sent ? 'We sent a 6-digit code to your e-mail.' : 'Two-factor is off: no code is needed.',
        };
      },
    );

    app.post(
      '/update/password',
      {
        onRequest: anyone,
        schema: { tags, summary: 'Change password', body: changePasswordBodySchema, response: { 200: messageSchema } },
      },
      async (request) => {
        await changePassword(deps, principalOf(request), request.body, contextOf(request));
        return { message: 'Your password has been changed. Other devices have been signed out.' };
      },
    );

    app.post(
      '/update/email/init',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Mail a code to a new address',
          body: changeEmailInitBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await startEmailChange(deps, principalOf(request), request.body, contextOf(request));
        // Said the same way whether the address is free or taken (its owner gets a notice instead).
        return { message: `If ${request.body.newEmail} can be used, we sent a 6-digit code to it.` };
      },
    );

    app.post(
      '/update/email/verify',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Confirm the new address with its code',
          body: changeEmailVerifyBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await confirmEmailChange(deps, principalOf(request), request.body.otp, contextOf(request));
        return { message: 'Your e-mail address has been changed.' };
      },
    );
  };
}
