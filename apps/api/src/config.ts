import { DEFAULT_RESTRICTED_COUNTRIES, isCountryCode } from '@coincard/shared';
import { z } from 'zod';
import { demoModeProblems, liveModeProblems } from './deployment-checks.js';
import { parseAddressEntries } from './lib/address-list.js';

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
 * Countries whose residents, and whose identity documents, cannot be verified as cardholders: ISO 3166-1 alpha-2
 * codes, comma-separated. The default and its source: packages/shared/src/restricted-countries.ts.
 */
const countryList = z
  .string()
  .trim()
  .transform((value, context) => {
    const codes = [...new Set(value.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean);
    const invalid = codes.filter((code) => !isCountryCode(code));
    if (invalid.length > 0 || codes.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `must be comma-separated ISO 3166-1 alpha-2 country codes such as "CU,IR,KP,MM"${invalid.length > 0 ? ` (not a country code: ${invalid.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return codes.sort();
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
  BRIDGECARD_CARDHOLDER_PROFILE:
    "replaced by each cardholder's own verified details (docs/decisions/029-cardholder-verification.md); remove it",
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
  /** How long a query waits for a connection: past it the request answers 503 (the database is down or saturated). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
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
  /** Prometheus metrics at /metrics on a server of their own, never the public port; 0 picks a free port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Where the metrics server listens: this host only, unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Load shedding: answer 503 while the event loop's mean delay is above this; absent: 1000 on PostgreSQL, off on PGlite. */
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Load shedding: answer 503 while the heap in use is above this; absent: 90% of V8's heap limit, 0: off. */
  LOAD_SHED_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Traces: `otlp` exports them (OpenTelemetry's own variable); absent or `none`, unless an endpoint is set: off. */
  OTEL_TRACES_EXPORTER: z
    .enum(['otlp', 'none'], { error: 'must be otlp or none (traces are exported over OTLP)' })
    .optional(),
  /** The collector's base address (traces go to <endpoint>/v1/traces); setting it turns exporting on. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The collector's full address for traces, when not <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json (gRPC is not bundled)' })
    .default('http/protobuf'),
  OTEL_SERVICE_NAME: z.string().min(1).default('coincard-api'),
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  /** The ratio the traceidratio samplers keep, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** OpenTelemetry's master switch: true turns tracing off whatever else is set. */
  OTEL_SDK_DISABLED: booleanString.default(false),
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
  /** The sandbox issuer's one-fund-or-unload-per-card window; 0 on the embedded default, else 300 like the issuer. */
  SANDBOX_ISSUER_WINDOW_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** How long the sandbox issuer takes to complete a fund or unload. */
  SANDBOX_ISSUER_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** Encrypts the sandbox issuer's card numbers, CVVs and PINs at rest; generated into DATA_DIR when absent. */
  SANDBOX_ISSUER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The keys SANDBOX_ISSUER_KEY replaced, newest first: card secrets sealed with them still open until re-sealed. */
  SANDBOX_ISSUER_KEY_PREVIOUS: previousSecrets.default([]),
  RESTRICTED_COUNTRIES: countryList.default([...DEFAULT_RESTRICTED_COUNTRIES]),
  /** How often the engine looks for work that is due (one query); new work also wakes a worker at once (LISTEN/NOTIFY). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Whether this instance works the queues (false: it only serves requests and enqueues). */
  JOBS_WORKERS: booleanString.default(true),
  /** How often the engine fails jobs whose instance died mid-run, and archives old ones. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Caps every queue's run time: a job running longer (its instance was killed) is failed and retried. */
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
  /** How long failed jobs (dead letters) stay listed in the admin console. */
  JOBS_DEAD_LETTER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A comment line on every open live stream this often, so proxies and browsers keep it open (GET /api/events). */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  /** Live streams one user may hold open on one instance (a tab each); one more is refused and polls instead. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  /** A live stream ends after this long and the browser reopens it, so its session is checked again. */
  LIVE_MAX_STREAM_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
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
  /** Where traces are exported (OTLP over HTTP), or null: tracing is off (the default). */
  tracesEndpoint: string | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * Traces are exported when OTEL_TRACES_EXPORTER=otlp or a collector address is set, unless OTEL_TRACES_EXPORTER=none or
 * OTEL_SDK_DISABLED=true say otherwise. (OpenTelemetry's own default is on; here it is off until asked.)
 */
function tracesEndpoint(env: Env): string | null {
  if (env.OTEL_SDK_DISABLED || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (endpoint) return endpoint;
  return env.OTEL_TRACES_EXPORTER === 'otlp' ? 'http://localhost:4318/v1/traces' : null;
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
  if (parsed.METRICS_PORT !== 0 && parsed.METRICS_PORT === parsed.PORT) {
    problems.push('METRICS_PORT: must differ from PORT; metrics are never served on the public port');
  }
  if (Boolean(parsed.ADMIN_EMAIL) !== Boolean(parsed.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (parsed.CARD_ISSUER === 'bridgecard') {
    for (const name of ['BRIDGECARD_ACCESS_TOKEN', 'BRIDGECARD_SECRET_KEY', 'BRIDGECARD_WEBHOOK_SECRET'] as const) {
      if (!parsed[name]) problems.push(`${name}: required when CARD_ISSUER=bridgecard`);
    }
  }
  if (parsed.PAYMENTS_PROVIDER === 'cryptomus' && !(parsed.CRYPTOMUS_MERCHANT_ID && parsed.CRYPTOMUS_API_KEY)) {
    problems.push('CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY: required when PAYMENTS_PROVIDER=cryptomus');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    tracesEndpoint: tracesEndpoint(parsed),
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
