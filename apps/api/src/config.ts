import { z } from 'zod';
import { demoModeProblems, liveModeProblems } from './deployment-checks.js';
import { parseAddressEntries } from './lib/address-list.js';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** What a Bridgecard cardholder needs beyond the e-mail the product collects (docs/card-issuer-protocol.md). */
export const cardholderProfileSchema = z.object({
  address: z.object({
    address: z.string().min(1),
    city: z.string().min(1),
    state: z.string().min(1),
    country: z.string().min(1),
    postal_code: z.string().min(1),
    house_no: z.string().min(1),
  }),
  phone: z.string().min(5),
  identity: z.looseObject({ id_type: z.string().min(1) }),
});
export type CardholderProfile = z.infer<typeof cardholderProfileSchema>;

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Which proxies may say who the client is through X-Forwarded-For. Either a hop count (`true` is one load balancer,
 * a number is that many, `false`/`0` none) or a comma-separated list of the proxies' addresses and CIDR ranges
 * (IPv4 and IPv6), so only a request arriving from one of them has its X-Forwarded-For read. Never "trust every
 * hop": the client writes the leftmost entries, so trusting them all would let anyone choose the address that rate
 * limits and the audit log see.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): number | string[] => {
    if (/^(true|false|\d{1,2})$/.test(value)) return value === 'true' ? 1 : value === 'false' ? 0 : Number(value);
    const { entries, invalid } = parseAddressEntries(value);
    if (entries.length > 0 && invalid.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be true, false, the number of proxies in front of the app, or a comma-separated list of their addresses or CIDR ranges${invalid.length > 0 ? ` (not an address or range: ${invalid.join(', ')})` : ''}.`,
    });
    return z.NEVER;
  });

/** A comma-separated list of IP addresses and CIDR ranges. */
const addressList = z
  .string()
  .trim()
  .transform((value, context) => {
    const { entries, invalid } = parseAddressEntries(value);
    if (invalid.length > 0) {
      context.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${invalid.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Secrets a rotation replaced, newest first, comma-separated (a generated secret has no comma): what they signed and
 * sealed still verifies and opens, and the re-seal job moves what they sealed to the current secret.
 */
const previousSecrets = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')));

/** Settings an earlier version read, and what replaced them: set, they stop the start rather than being ignored. */
const REPLACED_SETTINGS: Record<string, string> = {
  ALLOW_SANDBOX_IN_PRODUCTION: 'replaced by DEMO_MODE=true (docs/operations.md, Deployment modes)',
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Absent: http://localhost:PORT. */
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** The owner role, for migrations; DATABASE_URL is then the restricted app role (docs/operations.md). */
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('CoinCard <no-reply@coincard.app>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The secrets SESSION_SECRET replaced, newest first: what they signed and sealed still works (docs/operations.md). */
  SESSION_SECRET_PREVIOUS: previousSecrets.default([]),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Dev outbox, sandbox providers and demo logins; absent: on only for the embedded default (no DATABASE_URL). */
  DEMO_MODE: booleanString.optional(),
  /** In demo mode, SEED_DEMO=false leaves the demo logins out (a public demo); never on in live mode. */
  SEED_DEMO: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(0),
  WEB_DIST_DIR: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'cryptomus']).default('sandbox'),
  CRYPTOMUS_BASE_URL: z.url().default('https://api.cryptomus.com'),
  CRYPTOMUS_MERCHANT_ID: z.string().optional(),
  CRYPTOMUS_API_KEY: z.string().optional(),
  /** When set, payment webhooks are taken only from these addresses (as TRUST_PROXY resolves the client). */
  PAYMENTS_WEBHOOK_ALLOWED_IPS: addressList.optional(),
  CARD_ISSUER: z.enum(['sandbox', 'bridgecard']).default('sandbox'),
  /** No default: live mode must name the production API, demo mode the sandbox (deployment-checks.ts). */
  BRIDGECARD_BASE_URL: z.url().optional(),
  /** The issuer's secure relay for card numbers and CVVs; without it they are read from the base URL. */
  BRIDGECARD_SECRETS_BASE_URL: z.url().optional(),
  BRIDGECARD_ACCESS_TOKEN: z.string().optional(),
  BRIDGECARD_SECRET_KEY: z.string().optional(),
  BRIDGECARD_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The programme's cardholder fields the product does not collect (address, phone, identity), as JSON. */
  BRIDGECARD_CARDHOLDER_PROFILE: z.string().optional(),
  /** The sandbox issuer's one-fund-or-unload-per-card window; 0 on the embedded default, else 300 like the issuer. */
  SANDBOX_ISSUER_WINDOW_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** How long the sandbox issuer takes to complete a fund or unload. */
  SANDBOX_ISSUER_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** Encrypts the sandbox issuer's card numbers, CVVs and PINs at rest; generated into DATA_DIR when absent. */
  SANDBOX_ISSUER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The keys SANDBOX_ISSUER_KEY replaced, newest first: card secrets sealed with them still open until re-sealed. */
  SANDBOX_ISSUER_KEY_PREVIOUS: previousSecrets.default([]),
  /** How often an idle worker looks for work; new work also wakes workers at once (LISTEN/NOTIFY). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Whether this instance works the queues (false: it only serves requests and enqueues). */
  JOBS_WORKERS: booleanString.default(true),
  /** How often the engine fails jobs whose instance died mid-run, and archives old ones. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Caps every queue's run time: a job running longer (its instance was killed) is failed and retried. */
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
  /** How long failed jobs (dead letters) stay listed in the admin console. */
  JOBS_DEAD_LETTER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type Env = z.infer<typeof schema>;

export type Config = Omit<Env, 'APP_URL'> & {
  APP_URL: string;
  /**
   * Demo features on: the dev mail outbox (when there is no SMTP_URL), the sandbox payment provider and card issuer
   * (they create money and cards on request) and the demo logins. Off, the app refuses to start with any of them.
   */
  demoMode: boolean;
  /** The demo admin and user are created at start-up: demo mode, unless SEED_DEMO=false. */
  seedDemo: boolean;
  /** Mail goes to the dev outbox (demo mode without SMTP_URL), served at /dev/outbox. */
  usesDevOutbox: boolean;
  /** The sandbox issuer's window, resolved from SANDBOX_ISSUER_WINDOW_SECONDS and the embedded default. */
  sandboxIssuerWindowSeconds: number;
  /** True when no DATABASE_URL is set: PGlite in DATA_DIR, a generated session secret, demo logins. */
  isEmbedded: boolean;
  appOrigin: string;
  isHttps: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const parsed = result.data;
  const problems: string[] = [];
  for (const [name, replacement] of Object.entries(REPLACED_SETTINGS)) {
    if (cleaned[name] !== undefined) problems.push(`${name}: ${replacement}`);
  }
  // `PORT=3100 npm start` is opened at :3100: the default address follows the port (mail links, the origin check).
  const appUrlText = parsed.APP_URL ?? `http://localhost:${parsed.PORT}`;
  const appUrl = new URL(appUrlText);
  const isHttps = appUrl.protocol === 'https:';
  const isEmbedded = !parsed.DATABASE_URL;
  // Demo features are a choice: by default only the embedded default (a laptop) runs them, and a deployment that
  // looks real (https, or its own PostgreSQL) runs them only when DEMO_MODE=true says so.
  const demoMode = parsed.DEMO_MODE ?? isEmbedded;
  if (parsed.DEMO_MODE === undefined && demoMode && isHttps) {
    problems.push(
      'DEMO_MODE: APP_URL is https, so this looks like a real deployment, but demo features (dev outbox, sandbox providers, demo logins) would be on: set DEMO_MODE=false with real providers, or DEMO_MODE=true for a public demo',
    );
  }
  const live = `live mode (${parsed.DEMO_MODE === false ? 'DEMO_MODE=false' : 'DATABASE_URL is set'})`;
  const settings = { ...parsed, APP_URL: parsed.APP_URL, explicit: (name: string) => cleaned[name] !== undefined };
  problems.push(...(demoMode ? demoModeProblems(settings) : liveModeProblems(settings, live)));
  if (parsed.NODE_ENV === 'production' && !parsed.SESSION_SECRET && demoMode) {
    problems.push('SESSION_SECRET: required when NODE_ENV=production');
  }
  if (Boolean(parsed.ADMIN_EMAIL) !== Boolean(parsed.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (parsed.CARD_ISSUER === 'bridgecard') {
    for (const name of [
      'BRIDGECARD_ACCESS_TOKEN',
      'BRIDGECARD_SECRET_KEY',
      'BRIDGECARD_WEBHOOK_SECRET',
      'BRIDGECARD_CARDHOLDER_PROFILE',
    ] as const) {
      if (!parsed[name]) problems.push(`${name}: required when CARD_ISSUER=bridgecard`);
    }
    const profile = parsed.BRIDGECARD_CARDHOLDER_PROFILE;
    if (profile && !cardholderProfileSchema.safeParse(parseJson(profile)).success) {
      problems.push(
        'BRIDGECARD_CARDHOLDER_PROFILE: must be JSON with address {address, city, state, country, postal_code, house_no}, phone and identity {id_type, ...}',
      );
    }
  }
  if (parsed.PAYMENTS_PROVIDER === 'cryptomus' && !(parsed.CRYPTOMUS_MERCHANT_ID && parsed.CRYPTOMUS_API_KEY)) {
    problems.push('CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY: required when PAYMENTS_PROVIDER=cryptomus');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...parsed,
    APP_URL: appUrlText,
    demoMode,
    seedDemo: demoMode && parsed.SEED_DEMO !== false,
    usesDevOutbox: demoMode && !parsed.SMTP_URL,
    sandboxIssuerWindowSeconds: parsed.SANDBOX_ISSUER_WINDOW_SECONDS ?? (parsed.DATABASE_URL ? 300 : 0),
    isEmbedded,
    appOrigin: appUrl.origin,
    isHttps,
  };
}
