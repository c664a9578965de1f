import {
  forgotPasswordBodySchema,
  linkCodeSchema,
  loginBodySchema,
  loginResponseSchema,
  messageSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  twoFactorVerifyBodySchema,
  verifyEmailResponseSchema,
} from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { contextOf } from '../../lib/request-context.js';
import { audit } from '../audit/audit.js';
import {
  FORGOT_MESSAGE,
  forgotPassword,
  login,
  loginResponse,
  REGISTER_MESSAGE,
  register,
  resetPassword,
  verifyEmail,
  verifyTwoFactor,
} from './auth.service.js';
import {
  clearSessionCookies,
  clearTwoFactorChallengeCookie,
  readSessionCookies,
  readTwoFactorChallenge,
  setSessionCookies,
  setTwoFactorChallengeCookie,
} from './cookies.js';
import { rememberDevice } from './device-cookie.js';
import {
  revokeSessionByAccessToken,
  revokeSessionByRefreshToken,
  rotateRefreshToken,
  signedInUserOf,
} from './sessions.service.js';
import { signInContextOf } from './sign-in.js';

/**
 * Whether a request comes from the app's own page (a fetch), not a navigation or another site: only then may a
 * verification link start a session. Browsers say so in the Fetch Metadata headers; a client that sends none is not
 * a browser (and a browser page of another site cannot suppress them). A navigation asks for HTML.
 */
function isFetchFromOwnPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const mode = request.headers['sec-fetch-mode'];
  const accept = request.headers.accept ?? '';
  return (site === undefined || site === 'same-origin') && mode !== 'navigate' && !/text\/html/i.test(accept);
}

const tags = ['auth'];

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      { schema: { tags, summary: 'Create an account', body: registerBodySchema, response: { 201: messageSchema } } },
      async (request, reply) => {
        await register(deps, request.body, contextOf(request));
        return reply.status(201).send({ message: REGISTER_MESSAGE });
      },
    );

    app.get(
      '/email/verify/:code',
      {
        schema: {
          tags,
          summary: 'Verify an e-mail address (signs the user in)',
          params: z.object({ code: linkCodeSchema }),
          response: { 200: verifyEmailResponseSchema },
        },
      },
      async (request, reply) => {
        const signedIn = await signedInUserOf(deps, readSessionCookies(request, deps.config));
        const { tokens, response } = await verifyEmail(deps, request.params.code, contextOf(request), {
          signedIn,
          mayStartSession: isFetchFromOwnPage(request),
        });
        if (tokens && response.signedIn) {
          setSessionCookies(reply, deps.config, tokens, deps.now());
          rememberDevice(request, reply, deps.config, deps.keys.devices, tokens.userId);
        }
        return response;
      },
    );

    app.post(
      '/login',
      { schema: { tags, summary: 'Sign in', body: loginBodySchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        const outcome = await login(deps, request.body, signInContextOf(request, deps));
        if (outcome.kind === 'session') {
          setSessionCookies(reply, deps.config, outcome.tokens, deps.now());
          rememberDevice(request, reply, deps.config, deps.keys.devices, outcome.userId);
        } else setTwoFactorChallengeCookie(reply, deps.config, outcome.challenge);
        return loginResponse(outcome);
      },
    );

    app.post(
      '/2fa/verify',
      {
        schema: {
          tags,
          summary: 'Finish a sign-in with the mailed code',
          body: twoFactorVerifyBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        const challenge = readTwoFactorChallenge(request, deps.config);
        const tokens = await verifyTwoFactor(deps, { ...request.body, challenge }, signInContextOf(request, deps));
        clearTwoFactorChallengeCookie(reply, deps.config);
        setSessionCookies(reply, deps.config, tokens, deps.now());
        rememberDevice(request, reply, deps.config, deps.keys.devices, tokens.userId);
        return { message: 'Signed in.' };
      },
    );

    app.get(
      '/refresh',
      { schema: { tags, summary: 'Renew the session (rotates the refresh token)', response: { 200: messageSchema } } },
      async (request, reply) => {
        try {
          const tokens = await rotateRefreshToken(
            deps,
            readSessionCookies(request, deps.config).refreshToken,
            contextOf(request),
          );
          setSessionCookies(reply, deps.config, tokens, deps.now());
          return { message: 'Session renewed.' };
        } catch (error) {
          clearSessionCookies(reply, deps.config);
          throw error;
        }
      },
    );

    app.get(
      '/logout',
      { schema: { tags, summary: 'Sign out', response: { 200: messageSchema } } },
      async (request, reply) => {
        const { accessToken, refreshToken } = readSessionCookies(request, deps.config);
        const sessionId =
          (await revokeSessionByRefreshToken(deps, refreshToken)) ??
          (await revokeSessionByAccessToken(deps, accessToken));
        if (sessionId) await audit(deps.db, { action: 'auth.logout', ip: request.ip, details: { sessionId } });
        clearSessionCookies(reply, deps.config);
        return { message: 'Signed out.' };
      },
    );

    app.post(
      '/password/forgot',
      {
        schema: {
          tags,
          summary: 'Mail a password reset link',
          body: forgotPasswordBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await forgotPassword(deps, request.body.email, contextOf(request));
        return { message: FORGOT_MESSAGE };
      },
    );

    app.post(
      '/password/reset',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset link',
          body: resetPasswordBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        const userId = await resetPassword(deps, request.body, contextOf(request));
        // The link proved the inbox: this browser is the owner's, and the account's sign-in delay spares it.
        rememberDevice(request, reply, deps.config, deps.keys.devices, userId);
        return { message: 'Your password has been reset. You can now sign in with your new password.' };
      },
    );
  };
}
