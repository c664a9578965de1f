import type { Logger } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { buildDeps, type Deps } from './deps.js';
import type { Mailer } from './providers/mail/mailer.js';
import { createOutboxMailer } from './providers/mail/outbox.js';
import { createSmtpMailer } from './providers/mail/smtp.js';

export type Runtime = {
  deps: Deps;
  database: DatabaseHandle;
  /** Where this process can reach itself (the sandbox providers live here); set once listening. */
  setSelfUrl: (url: string) => void;
  close: () => Promise<void>;
};

/** Opens what the configuration names: PostgreSQL or PGlite, SMTP or the dev outbox. */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const database = config.DATABASE_URL
    ? await openDatabase({
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        migrationUrl: config.DATABASE_MIGRATION_URL,
      })
    : await openDatabase({ dataDir: config.DATA_DIR });
  // Live mode requires SMTP_URL (config.ts); the outbox keeps mail only in demo mode.
  const mailer: Mailer =
    config.usesDevOutbox || !config.SMTP_URL
      ? createOutboxMailer({ db: database.db, logger })
      : createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger });
  let selfUrl = `http://127.0.0.1:${config.PORT}`;
  const deps = buildDeps({ config, db: database.db, mailer, logger, selfUrl: () => selfUrl });
  return {
    deps,
    database,
    setSelfUrl(url) {
      selfUrl = url;
    },
    async close() {
      await mailer.close();
      await database.close();
    },
  };
}
