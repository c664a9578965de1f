import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { MailTemplates } from './providers/mail/templates/index.js';
import type { PaymentProvider } from './providers/payments/payment-provider.js';

/** Everything a service needs, handed in explicitly so tests can pass their own. */
export type Deps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  mail: MailTemplates;
  logger: Logger;
  sessionSecret: string;
  /** The payment provider chosen by configuration: nothing else knows which one it is. */
  payments: PaymentProvider;
  /** USD per coin, cached briefly. */
  rates: (coin: string) => Promise<number>;
  /** The current time; tests move it forward to expire codes and sessions. */
  now: () => Date;
};

/** Who is asking, for audit and rate limits. */
export type RequestContext = { ip: string; userAgent: string | null };
