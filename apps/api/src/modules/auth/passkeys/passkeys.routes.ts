import {
  credentialStepUpSchema,
  MAX_PASSKEYS_PER_USER,
  messageSchema,
  passkeyLoginBodySchema,
  passkeyOptionsSchema,
  passkeySchema,
  passkeySecondFactorBodySchema,
  passkeySecondFactorOptionsBodySchema,
  passkeysSchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../deps.js';
import { limitedAddress } from '../../../lib/ip-networks.js';
import { hitRateLimit, RATE_RULES } from '../../../lib/rate-limit.js';
import { contextOf } from '../../../lib/request-context.js';
import { principalOf, requireRole } from '../../../plugins/authenticate.js';
import { clearTwoFactorChallengeCookie, readTwoFactorChallenge, setSessionCookies } from '../cookies.js';
import { rememberDevice } from '../device-cookie.js';
import { signInContextOf } from '../sign-in.js';
import { addPasskey, removePasskey, renamePasskey } from './passkey-management.js';
import { passkeySecondFactor, passkeySecondFactorOptions, signInWithPasskey } from './passkey-sign-in.js';
import { assertionOptions, listPasskeys, registrationOptions } from './passkeys.service.js';

const noStore = { 'cache-control': 'no-store' };
const idParams = z.object({ id: z.string().max(100) });

/** `/api/user/passkeys`: the signed-in user's passkeys. */
export function passkeyRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['user'];
    const anyone = requireRole(deps, ['user', 'admin']);

    app.get(
      '/',
      { onRequest: anyone, schema: { tags, summary: 'Your passkeys', response: { 200: passkeysSchema } } },
      async (request) => ({ passkeys: await listPasskeys(deps.db, principalOf(request).user.id) }),
    );

    app.post(
      '/registration-options',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: `A prompt to make a new passkey (at most ${MAX_PASSKEYS_PER_USER} per account)`,
          response: { 200: passkeyOptionsSchema },
        },
      },
      async (request, reply) => {
        const { user, sessionId } = principalOf(request);
        await hitRateLimit(deps.db, RATE_RULES.passkeyPromptAccount, user.id, deps.now());
        reply.headers(noStore);
        return registrationOptions(deps, user, sessionId);
      },
    );

    app.post(
      '/',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Add a passkey (the password, and a code or passkey when a factor is on; mails the owner)',
          body: registerPasskeyBodySchema,
          response: { 201: z.object({ message: z.string(), passkey: passkeySchema }) },
        },
      },
      async (request, reply) => {
        const passkey = await addPasskey(deps, principalOf(request), request.body, contextOf(request));
        return reply.status(201).send({ message: `The passkey “${passkey.name}” is added.`, passkey });
      },
    );

    app.patch(
      '/:id',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Rename a passkey',
          params: idParams,
          body: renamePasskeyBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await renamePasskey(deps, principalOf(request), request.params.id, request.body.name);
        return { message: 'The passkey is renamed.' };
      },
    );

    app.delete(
      '/:id',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Remove a passkey (the password, and a code or passkey when a factor is on; mails the owner)',
          params: idParams,
          body: credentialStepUpSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await removePasskey(deps, principalOf(request), request.params.id, request.body, contextOf(request));
        return { message: 'The passkey is removed. Other devices have been signed out.' };
      },
    );
  };
}

/** `/api/auth/...`: signing in with a passkey, without the password or as the second step. */
export function passkeySignInRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];

    app.post(
      '/passkey/options',
      {
        schema: {
          tags,
          summary: 'A prompt to sign in with a passkey, without the password',
          response: { 200: passkeyOptionsSchema },
        },
      },
      async (request, reply) => {
        await hitRateLimit(deps.db, RATE_RULES.loginIp, limitedAddress(request.ip), deps.now());
        reply.headers(noStore);
        return assertionOptions(deps, 'sign_in', {});
      },
    );

    app.post(
      '/passkey/login',
      {
        schema: {
          tags,
          summary: 'Sign in with a passkey (it checks the person: PIN, fingerprint or face)',
          body: passkeyLoginBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        const tokens = await signInWithPasskey(deps, request.body.credential, signInContextOf(request, deps));
        setSessionCookies(reply, deps.config, tokens, deps.now());
        rememberDevice(request, reply, deps.config, deps.keys.devices, tokens.userId);
        return { message: 'Signed in.' };
      },
    );

    app.post(
      '/2fa/passkey/options',
      {
        schema: {
          tags,
          summary: "At the 2FA step, a prompt for one of the account's passkeys",
          body: passkeySecondFactorOptionsBodySchema,
          response: { 200: passkeyOptionsSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return passkeySecondFactorOptions(
          deps,
          { userId: request.body.userId, challenge: readTwoFactorChallenge(request, deps.config) },
          contextOf(request),
        );
      },
    );

    app.post(
      '/2fa/passkey',
      {
        schema: {
          tags,
          summary: 'Finish a sign-in with a passkey as the second factor',
          body: passkeySecondFactorBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        const tokens = await passkeySecondFactor(
          deps,
          { ...request.body, challenge: readTwoFactorChallenge(request, deps.config) },
          signInContextOf(request, deps),
        );
        clearTwoFactorChallengeCookie(reply, deps.config);
        setSessionCookies(reply, deps.config, tokens, deps.now());
        rememberDevice(request, reply, deps.config, deps.keys.devices, tokens.userId);
        return { message: 'Signed in.' };
      },
    );
  };
}
