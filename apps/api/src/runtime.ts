import type { Logger } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import type { Deps } from './deps.js';
import { createRateCache } from './modules/deposits/exchange-rates.js';
import type { Mailer } from './providers/mail/mailer.js';
import { createOutboxMailer } from './providers/mail/outbox.js';
import { createSmtpMailer } from './providers/mail/smtp.js';
import { mailTemplates } from './providers/mail/templates/index.js';
import { createPaymentProvider } from './providers/payments/index.js';
import { resolveSessionSecret } from './session-secret.js';

export type Runtime = {
  deps: Deps;
  database: DatabaseHandle;
  usesDevOutbox: boolean;
  /** Where this process can reach itself (the sandbox provider lives here); set once listening. */
  setSelfUrl: (url: string) => void;
  close: () => Promise<void>;
};

/** Opens what the configuration names: PostgreSQL or PGlite, SMTP or the dev outbox. */
export async function openRuntime(
  config: Config,
  logger: Logger,
  overrides: { mailer?: Mailer; now?: () => Date } = {},
): Promise<Runtime> {
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ dataDir: config.DATA_DIR });
  const usesDevOutbox = !overrides.mailer && !config.SMTP_URL;
  const mailer =
    overrides.mailer ??
    (config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
      : createOutboxMailer({ db: database.db, logger }));
  const sessionSecret = resolveSessionSecret(config);
  const now = overrides.now ?? (() => new Date());
  let selfUrl = `http://127.0.0.1:${config.PORT}`;
  const payments = createPaymentProvider(config, sessionSecret, () => selfUrl);
  const deps: Deps = {
    config,
    db: database.db,
    mailer,
    mail: mailTemplates(config.APP_URL),
    logger,
    sessionSecret,
    payments,
    rates: createRateCache(payments, now),
    now,
  };
  return {
    deps,
    database,
    usesDevOutbox,
    setSelfUrl(url) {
      selfUrl = url;
    },
    async close() {
      await mailer.close();
      await database.close();
    },
  };
}
