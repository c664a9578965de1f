import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { isDatabaseUnavailable } from './lib/db-errors.js';
import { createLogger } from './lib/logger.js';
import { modeBanner } from './mode-banner.js';
import { type MetricsServer, startMetricsServer } from './observability/metrics-server.js';
import { openRuntime } from './runtime.js';
import { seedDemoHistory } from './seed/demo-history.js';
import { DEMO_USER, ensureStartupUsers } from './seed/ensure-users.js';

async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // Before the app is built: the Fastify instrumentation attaches to the instance as it is created.
  // OpenTelemetry's SDK and exporters take about a second of CPU to load: only when exporting is turned on.
  const tracing = config.tracesEndpoint
    ? (await import('./observability/tracing.js')).startConfiguredTracing(config)
    : null;
  const runtime = await openRuntime(config, logger);
  const here = dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : join(here, '../../web/dist');
  const app = await buildApp(runtime.deps, { webDistDir, notifications: runtime.notifications });
  const seeded = await ensureStartupUsers(runtime.deps, config.seedDemo);

  let metricsServer: MetricsServer | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Workers stop taking jobs and finish what they hold (a job still running at the deadline is retried elsewhere).
    await runtime.engine.stop();
    await app.close();
    await metricsServer?.close();
    await runtime.close();
    await tracing?.shutdown().catch(() => undefined);
    process.exit(0);
  };
  // The engine's internals (its cron hand-off, its maintenance) write without awaiting here and there: when the
  // database is away at that moment, the rejection reaches nobody. That one is expected and retried by the engine on
  // its next tick; anything else unhandled is a bug, and ends the process as Node.js would.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'a background write met the database away; the engine tries again');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        logger.fatal({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  if (address && typeof address === 'object') runtime.setSelfUrl(`http://127.0.0.1:${address.port}`);
  metricsServer = await startMetricsServer(runtime.deps.metrics, {
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    logger,
  });
  // The demo user's history goes through the sandbox providers this process serves, so it needs the server listening.
  if (config.seedDemo) {
    const startedAt = performance.now();
    const outcome = await seedDemoHistory(runtime.deps, DEMO_USER.email, runtime.engine.drain).catch(
      (error: unknown) => {
        logger.warn({ err: error }, 'the demo history could not be added; the next start tries again');
        return 'unfinished' as const;
      },
    );
    logger.info({ outcome, ms: Math.round(performance.now() - startedAt) }, 'demo history');
  }
  if (config.JOBS_WORKERS) await runtime.engine.start();
  const lines = [
    '',
    ...modeBanner(config),
    `  CoinCard is running: ${config.APP_URL}`,
    `  Database: ${runtime.database.kind === 'pglite' ? `PGlite in ${resolve(config.DATA_DIR)}` : 'PostgreSQL'}`,
    `  Mail: ${config.usesDevOutbox ? `dev outbox at ${new URL('/dev/outbox', config.APP_URL)}` : 'SMTP'}`,
    `  Payments: ${config.PAYMENTS_PROVIDER}, card issuer: ${config.CARD_ISSUER}`,
    `  API docs: ${new URL('/api/docs', config.APP_URL)}`,
    `  Metrics: ${metricsServer.url}${config.tracesEndpoint ? `, traces to ${config.tracesEndpoint}` : ''}`,
    ...seeded.map((login) => `  Demo ${login.role}: ${login.email} / ${login.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
