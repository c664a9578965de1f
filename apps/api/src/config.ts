import { z } from 'zod';

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
 * How many proxies in front of the app each append the address they saw to X-Forwarded-For: `true` is one (a load
 * balancer), a number is that many, `false`/`0` none. Never "trust every hop": the client writes the leftmost
 * entries, so trusting them all would let anyone choose the address that rate limits and the audit log see.
 */
const proxyHops = z
  .string()
  .trim()
  .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or the number of proxies in front of the app.')
  .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().default('http://localhost:3000'),
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
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: proxyHops.default(0),
  WEB_DIST_DIR: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'cryptomus']).default('sandbox'),
  CRYPTOMUS_BASE_URL: z.url().default('https://api.cryptomus.com'),
  CRYPTOMUS_MERCHANT_ID: z.string().optional(),
  CRYPTOMUS_API_KEY: z.string().optional(),
  CARD_ISSUER: z.enum(['sandbox', 'bridgecard']).default('sandbox'),
  BRIDGECARD_BASE_URL: z.url().default('https://issuecards.api.bridgecard.co/v1/issuing/sandbox'),
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
  JOBS_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  /** The sandboxes let anyone "pay" an invoice or spend a card: production refuses them unless a demo opts in. */
  ALLOW_SANDBOX_IN_PRODUCTION: booleanString.default(false),
});

export type Env = z.infer<typeof schema>;

export type Config = Env & {
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
  if (parsed.NODE_ENV === 'production' && !parsed.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required when NODE_ENV=production');
  }
  if (Boolean(parsed.ADMIN_EMAIL) !== Boolean(parsed.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (
    parsed.NODE_ENV === 'production' &&
    parsed.PAYMENTS_PROVIDER === 'sandbox' &&
    !parsed.ALLOW_SANDBOX_IN_PRODUCTION
  ) {
    problems.push(
      'PAYMENTS_PROVIDER: the sandbox creates money on request; use cryptomus in production (or set ALLOW_SANDBOX_IN_PRODUCTION=true for a demo)',
    );
  }
  if (parsed.NODE_ENV === 'production' && parsed.CARD_ISSUER === 'sandbox' && !parsed.ALLOW_SANDBOX_IN_PRODUCTION) {
    problems.push(
      'CARD_ISSUER: the sandbox issuer issues no real cards; use bridgecard in production (or set ALLOW_SANDBOX_IN_PRODUCTION=true for a demo)',
    );
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
  const appUrl = new URL(parsed.APP_URL);
  return {
    ...parsed,
    sandboxIssuerWindowSeconds: parsed.SANDBOX_ISSUER_WINDOW_SECONDS ?? (parsed.DATABASE_URL ? 300 : 0),
    isEmbedded: !parsed.DATABASE_URL,
    appOrigin: appUrl.origin,
    isHttps: appUrl.protocol === 'https:',
  };
}
