import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { createLogger } from './lib/logger.js';
import { modeBanner } from './mode-banner.js';
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
  const runtime = await openRuntime(config, logger);
  const here = dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : join(here, '../../web/dist');
  const app = await buildApp(runtime.deps, { webDistDir });
  const seeded = await ensureStartupUsers(runtime.deps, config.seedDemo);

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
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  if (address && typeof address === 'object') runtime.setSelfUrl(`http://127.0.0.1:${address.port}`);
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
    ...seeded.map((login) => `  Demo ${login.role}: ${login.email} / ${login.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
