import type { Logger } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { createNotifications, type Notifications } from './db/notifications.js';
import { buildDeps, type Deps } from './deps.js';
import { createJobEngine, type JobEngine } from './jobs/engine.js';
import { JOB_HANDLERS } from './jobs/handlers.js';
import { installJobEngine } from './jobs/install.js';
import type { JobObserver } from './jobs/job-observer.js';
import { createMetrics } from './observability/metrics.js';
import type { Mailer } from './providers/mail/mailer.js';
import { createOutboxMailer } from './providers/mail/outbox.js';
import { createSmtpMailer } from './providers/mail/smtp.js';

export type Runtime = {
  deps: Deps;
  database: DatabaseHandle;
  /** The job engine: started by the server once it listens (JOBS_WORKERS), drained by the demo seed. */
  engine: JobEngine;
  notifications: Notifications;
  /** Where this process can reach itself (the sandbox providers live here); set once listening. */
  setSelfUrl: (url: string) => void;
  close: () => Promise<void>;
};

/** Opens what the configuration names: PostgreSQL or PGlite, SMTP or the dev outbox, and the job engine. */
export async function openRuntime(
  config: Config,
  logger: Logger,
  options: { observer?: JobObserver } = {},
): Promise<Runtime> {
  const afterMigrations = (owner: Parameters<typeof installJobEngine>[0], appRole?: string) =>
    installJobEngine(owner, appRole, { expireCapSeconds: config.JOBS_EXPIRE_SECONDS });
  const database = config.DATABASE_URL
    ? await openDatabase({
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        migrationUrl: config.DATABASE_MIGRATION_URL,
        afterMigrations,
      })
    : await openDatabase({ dataDir: config.DATA_DIR, afterMigrations });
  const metrics = createMetrics({ db: database.db, processMetrics: true });
  // Live mode requires SMTP_URL (config.ts); the outbox keeps mail only in demo mode.
  const mailer: Mailer =
    config.usesDevOutbox || !config.SMTP_URL
      ? createOutboxMailer({ db: database.db, logger })
      : createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger, circuit: metrics.circuit('mail') });
  let selfUrl = `http://127.0.0.1:${config.PORT}`;
  const deps = buildDeps({ config, db: database.db, mailer, logger, selfUrl: () => selfUrl, metrics });
  const notifications = createNotifications(database.db, logger);
  const engine = createJobEngine(deps, JOB_HANDLERS, { notifications, observer: options.observer ?? metrics.jobs });
  return {
    deps,
    database,
    engine,
    notifications,
    setSelfUrl(url) {
      selfUrl = url;
    },
    async close() {
      await notifications.close();
      await mailer.close();
      await database.close();
    },
  };
}
