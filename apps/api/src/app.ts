import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Notifications } from './db/notifications.js';
import type { Deps } from './deps.js';
import { requestIds } from './lib/request-ids.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { adminRoutes, adminUserListRoute } from './modules/admin/admin.routes.js';
import { alertRoutes } from './modules/alerts/alerts.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { passkeyRoutes, passkeySignInRoutes } from './modules/auth/passkeys/passkeys.routes.js';
import { stepUpRoutes } from './modules/auth/step-up.routes.js';
import { totpRoutes, twoFactorEmailRoute } from './modules/auth/totp/totp.routes.js';
import { userSessionRoutes } from './modules/auth/user-sessions.routes.js';
import { adminCardholderRoutes, cardholderRoutes } from './modules/cardholders/cardholder.routes.js';
import { cardAuthorizationRoutes } from './modules/cards/card-authorization.routes.js';
import { cardRoutes } from './modules/cards/cards.routes.js';
import { depositRoutes } from './modules/deposits/deposits.routes.js';
import { devOutboxRoutes } from './modules/dev/outbox.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { createLiveHub } from './modules/live/live-hub.js';
import { referralRoutes } from './modules/referrals/referrals.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { registerHttpMetrics } from './observability/http-metrics.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerNulGuard } from './plugins/nul-guard.js';
import { registerRequestGuard } from './plugins/request-guard.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSpa } from './plugins/serve-spa.js';
import { sandboxIssuerCredentials } from './providers/issuing/index.js';
import { registerSandboxIssuerServer } from './providers/issuing/sandbox-server.js';
import { sandboxCredentials } from './providers/payments/index.js';
import { registerSandboxPaymentServer } from './providers/payments/sandbox-server.js';
import { trustedProxy } from './trusted-proxy.js';
import { webhookSources } from './webhook-sources.js';

export type AppOptions = {
  /** The built SPA to serve beside /api; absent in API-only tests. */
  webDistDir?: string;
  /** The database's LISTEN connection (shared with the job engine): live events arrive through it. */
  notifications: Notifications;
};

const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp(deps: Deps, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count or the proxies' addresses, so the address is the one the nearest trusted proxy saw (TRUST_PROXY).
    trustProxy: trustedProxy(deps.config.TRUST_PROXY),
    genReqId: requestIds(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted; Fastify answers 415 for any other type.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('principal', null);

  // First, so that answers refused by the guards below carry the headers too.
  registerSecurityHeaders(app, { isHttps: deps.config.isHttps });
  registerErrorHandler(app);
  registerHttpMetrics(app, deps.metrics);
  // Before the guards and the session lookup: a shed request costs nothing.
  await registerLoadShedding(app, deps.config);
  registerNulGuard(app);
  registerRequestGuard(app, {
    appOrigin: deps.config.appOrigin,
    exemptPrefixes: ['/api/webhooks/', '/api/issuing/', '/sandbox/payments/v1/'],
  });

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'CoinCard API',
        version: '1.0.0',
        description: 'Money is in integer cents. Errors: { message, errorCode }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Over plain HTTP (local runs) upgrading the docs' own requests to HTTPS would break the page.
    transformStaticCSP: (header) => (deps.config.isHttps ? header : header.replace(/upgrade-insecure-requests;?/, '')),
  });

  const hub = await createLiveHub({
    notifications: options.notifications,
    metrics: deps.metrics,
    logger: deps.logger,
    instanceId: deps.instanceId,
    maxPerUser: deps.config.LIVE_MAX_STREAMS_PER_USER,
  });
  // Open streams never end by themselves: closing the server ends them first, or it would wait on them.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });

  await app.register(healthRoutes(deps), { prefix: '/api' });
  await app.register(liveRoutes(deps, hub), { prefix: '/api' });
  await app.register(alertRoutes(deps), { prefix: '/api/alerts' });
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(twoFactorEmailRoute(deps), { prefix: '/api/auth' });
  await app.register(stepUpRoutes(deps), { prefix: '/api/auth' });
  await app.register(passkeySignInRoutes(deps), { prefix: '/api/auth' });
  await app.register(passkeyRoutes(deps), { prefix: '/api/user/passkeys' });
  await app.register(userSessionRoutes(deps), { prefix: '/api/user/sessions' });
  await app.register(userRoutes(deps), { prefix: '/api/user' });
  await app.register(totpRoutes(deps), { prefix: '/api/user/totp' });
  await app.register(adminUserListRoute(deps), { prefix: '/api/user' });
  await app.register(adminRoutes(deps), { prefix: '/api/admin' });
  await app.register(adminCardholderRoutes(deps), { prefix: '/api/admin' });
  await app.register(cardholderRoutes(deps), { prefix: '/api/cardholder' });
  await app.register(depositRoutes(deps), { prefix: '/api/transactions' });
  await app.register(cardRoutes(deps), { prefix: '/api/cards' });
  await app.register(cardAuthorizationRoutes(deps), { prefix: '/api/issuing' });
  await app.register(referralRoutes(deps), { prefix: '/api/referrals' });
  await app.register(activityRoutes(deps), { prefix: '/api/activity' });
  await app.register(webhookRoutes(deps, webhookSources), { prefix: '/api/webhooks' });
  // Demo features exist only in demo mode (config.ts refuses a sandbox outside it; this holds even if it did not).
  const { demoMode } = deps.config;
  if (demoMode && deps.config.usesDevOutbox) await app.register(devOutboxRoutes(deps), { prefix: '/api/dev' });
  if (demoMode && deps.config.PAYMENTS_PROVIDER === 'sandbox') {
    registerSandboxPaymentServer(app, {
      db: deps.db,
      appUrl: deps.config.APP_URL,
      now: deps.now,
      logger: deps.logger,
      ...sandboxCredentials(deps.sessionSecret),
    });
  }

  if (demoMode && deps.sandboxIssuer) {
    registerSandboxIssuerServer(app, {
      books: deps.sandboxIssuer,
      accessToken: sandboxIssuerCredentials(deps.sessionSecret).accessToken,
    });
  }

  if (options.webDistDir && existsSync(join(options.webDistDir, 'index.html'))) {
    await registerSpa(app, options.webDistDir);
  }
  return app;
}
