import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { sqlClientOf } from './db/sql-client.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { createKeyring, type Keyring } from './lib/keys.js';
import { createSealedBox, type SealedBox } from './lib/sealed-box.js';
import { createRateCache } from './modules/deposits/exchange-rates.js';
import { createMetrics, type Metrics } from './observability/metrics.js';
import type { CardIssuer } from './providers/issuing/card-issuer.js';
import { createCardIssuer } from './providers/issuing/index.js';
import type { SandboxBooks } from './providers/issuing/sandbox-books.js';
import type { Mailer } from './providers/mail/mailer.js';
import { type MailTemplates, mailTemplates } from './providers/mail/templates/index.js';
import { createPaymentProvider } from './providers/payments/index.js';
import type { PaymentProvider } from './providers/payments/payment-provider.js';
import { resolveDataDirSecret } from './secrets.js';

/** Everything a service needs, handed in explicitly so tests can pass their own. */
export type Deps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  mail: MailTemplates;
  logger: Logger;
  /**
   * The current SESSION_SECRET (or the generated one), the root the purpose keys come from. Sign and hash with
   * `keys`, not with this: each purpose has its own key, and the keys know the previous secret during a rotation.
   */
  sessionSecret: string;
  keys: Keys;
  /** The payment provider chosen by configuration: nothing else knows which one it is. */
  payments: PaymentProvider;
  /** The card issuer chosen by configuration: nothing outside providers/issuing knows which one it is. */
  issuer: CardIssuer;
  /** The sandbox issuer's own books when it runs (served by app.ts, its deliveries run as a job), else null. */
  sandboxIssuer: SandboxBooks | null;
  /** Seals a new card's PIN while the issuer has not confirmed the card, so a retry can send it again. */
  pinBox: SealedBox;
  /** Seals a cardholder's identity fields until the issuer has them (decision 029). */
  identityBox: SealedBox;
  /** USD per coin, cached briefly. */
  rates: (coin: string) => Promise<number>;
  /** Background work, enqueued in the transaction of the change that needs it (jobs/job-queue.ts). */
  jobs: JobQueue;
  /** Seals what a queued job carries that must not sit in the database in clear (a mail's code, a password hash). */
  jobBox: SealedBox;
  /** The current time; tests move it forward to expire codes and sessions. */
  now: () => Date;
  /** Counters for Prometheus (observability/metrics.ts): business counters are counted once their change commits. */
  metrics: Metrics;
  /** This process' own id: live events carry it, so only the instance that raised an alert counts it (modules/live). */
  instanceId: string;
};

/** A key per purpose, derived from SESSION_SECRET (and SESSION_SECRET_PREVIOUS while rotating); lib/keys.ts. */
export type Keys = {
  /** Authenticator (TOTP) secrets at rest. */
  totpSecrets: SealedBox;
  /** Recovery codes at rest (sealed, so a rotation can re-seal them; older ones are keyed hashes, `recoveryCodes`). */
  recoveryCodeBox: SealedBox;
  /** The device cookie's per-account proofs (modules/auth/device-cookie.ts). */
  devices: Keyring;
  accessTokens: Keyring;
  oneTimeCodes: Keyring;
  /** Authenticator recovery codes (they last until regenerated, so a rotation keeps the previous secret longer). */
  recoveryCodes: Keyring;
  /** Fingerprints of card requests kept with their idempotency keys (current key only: they live for a retry). */
  requestFingerprints: Keyring;
};

/** `secrets`: the current one first, then the previous ones while a rotation is under way. */
export function createKeys(secrets: readonly (string | undefined)[]): Keys {
  return {
    totpSecrets: createSealedBox(secrets, 'totp-secret'),
    recoveryCodeBox: createSealedBox(secrets, 'recovery-code-sealed'),
    devices: createKeyring(secrets, 'device-cookie'),
    accessTokens: createKeyring(secrets, 'access-tokens'),
    oneTimeCodes: createKeyring(secrets, 'one-time-codes'),
    recoveryCodes: createKeyring(secrets, 'recovery-codes'),
    requestFingerprints: createKeyring(secrets, 'request-fingerprints'),
  };
}

/**
 * Everything derived from SESSION_SECRET and the previous secrets: a restart with new secrets builds these again
 * (the key-rotation tests swap them on a running app the same way).
 */
export function secretDerived(
  secrets: readonly (string | undefined)[],
): Pick<Deps, 'keys' | 'pinBox' | 'jobBox' | 'identityBox'> {
  return {
    keys: createKeys(secrets),
    pinBox: createSealedBox(secrets, 'pending-card-pin'),
    jobBox: createSealedBox(secrets, 'queued-job-payloads'),
    identityBox: createSealedBox(secrets, 'cardholder-identity'),
  };
}

/** Who is asking, for audit and rate limits. */
export type RequestContext = { ip: string; userAgent: string | null };

export type DepsInput = {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** Where this process can reach itself over HTTP (the sandbox providers live here). */
  selfUrl: () => string;
  now?: () => Date;
  /** A test's own adapters (pointed at a fake provider server). */
  payments?: PaymentProvider;
  issuer?: CardIssuer;
  /** The server's metrics (with the process' own); absent: a registry of this Deps' own (tests). */
  metrics?: Metrics;
};

/** The one place that wires the configured providers together; the server and the tests both build Deps here. */
export function buildDeps(input: DepsInput): Deps {
  const { config, db, logger } = input;
  const now = input.now ?? (() => new Date());
  const sessionSecret = resolveDataDirSecret(config, 'session-secret', config.SESSION_SECRET);
  const secrets = [sessionSecret, ...config.SESSION_SECRET_PREVIOUS];
  const metrics = input.metrics ?? createMetrics({ db });
  const payments =
    input.payments ?? createPaymentProvider(config, sessionSecret, input.selfUrl, metrics.circuit('payment-provider'));
  const issuing = createCardIssuer({
    config,
    db,
    sessionSecret,
    selfUrl: input.selfUrl,
    now,
    logger,
    circuit: metrics.circuit('card-issuer'),
  });
  return {
    config,
    db,
    mailer: input.mailer,
    mail: mailTemplates(config.APP_URL),
    logger,
    sessionSecret,
    ...secretDerived(secrets),
    payments,
    issuer: input.issuer ?? issuing.issuer,
    sandboxIssuer: issuing.sandbox,
    rates: createRateCache(payments, now),
    jobs: createJobQueue(sqlClientOf(db), {
      pollSeconds: config.JOBS_POLL_SECONDS,
      maintenanceSeconds: config.JOBS_MAINTENANCE_SECONDS,
      deadLetterDays: config.JOBS_DEAD_LETTER_DAYS,
    }),
    now,
    metrics,
    instanceId: randomUUID(),
  };
}
