import { z } from 'zod';

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
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
  TRUST_PROXY: booleanString.default(false),
  WEB_DIST_DIR: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'cryptomus']).default('sandbox'),
  CRYPTOMUS_BASE_URL: z.url().default('https://api.cryptomus.com'),
  CRYPTOMUS_MERCHANT_ID: z.string().optional(),
  CRYPTOMUS_API_KEY: z.string().optional(),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  /** The sandbox lets anyone "pay" an invoice: production refuses it unless a demo deployment opts in. */
  ALLOW_SANDBOX_IN_PRODUCTION: booleanString.default(false),
});

export type Env = z.infer<typeof schema>;

export type Config = Env & {
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
  if (parsed.PAYMENTS_PROVIDER === 'cryptomus' && !(parsed.CRYPTOMUS_MERCHANT_ID && parsed.CRYPTOMUS_API_KEY)) {
    problems.push('CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY: required when PAYMENTS_PROVIDER=cryptomus');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const appUrl = new URL(parsed.APP_URL);
  return {
    ...parsed,
    isEmbedded: !parsed.DATABASE_URL,
    appOrigin: appUrl.origin,
    isHttps: appUrl.protocol === 'https:',
  };
}
