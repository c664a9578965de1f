import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      isEmbedded: true,
      appOrigin: 'http://localhost:3000',
      isHttps: false,
      PAYMENTS_PROVIDER: 'sandbox',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as a number of proxies, never as trust in every hop', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be true, false, the number/);
  });

  it('fails at boot with a readable list of everything wrong', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', APP_URL: 'not a url', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'APP_URL', 'DATABASE_URL', 'LOG_LEVEL']) expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('refuses production without a session secret, and Cryptomus without credentials', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required when NODE_ENV=production/);
    expect(() => parseConfig({ PAYMENTS_PROVIDER: 'cryptomus' })).toThrow(/CRYPTOMUS_MERCHANT_ID/);
    expect(parseConfig({ APP_URL: 'https://coincard.example', DEMO_MODE: 'true' }).isHttps).toBe(true);
  });

  it('derives the default APP_URL from PORT, so PORT=3100 npm start is opened at :3100', () => {
    const config = parseConfig({ PORT: '3100' });
    expect(config.APP_URL).toBe('http://localhost:3100');
    expect(config.appOrigin).toBe('http://localhost:3100');
    expect(parseConfig({ PORT: '3100', APP_URL: 'https://pay.example', DEMO_MODE: 'true' }).appOrigin).toBe(
      'https://pay.example',
    );
  });

  it('reads TRUST_PROXY as a list of proxy addresses and ranges, IPv4 and IPv6', () => {
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an address or range: 10.0.0.0\/33/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.1, proxy.internal' })).toThrow(/proxy.internal/);
    expect(parseConfig({ PAYMENTS_WEBHOOK_ALLOWED_IPS: '203.0.113.0/24,::1' }).PAYMENTS_WEBHOOK_ALLOWED_IPS).toEqual([
      '203.0.113.0/24',
      '::1',
    ]);
    expect(() => parseConfig({ PAYMENTS_WEBHOOK_ALLOWED_IPS: '203.0.113.0/24, everyone' })).toThrow(
      /PAYMENTS_WEBHOOK_ALLOWED_IPS: not an IP address or CIDR range: everyone/,
    );
  });
});

describe('observability settings', () => {
  it('serves metrics on 127.0.0.1:9464 by default, never on the public port', () => {
    expect(parseConfig({})).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(parseConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => parseConfig({ PORT: '9464' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => parseConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  });

  it('exports traces only when asked, over OTLP, with the standard variables', () => {
    expect(parseConfig({}).tracesEndpoint).toBeNull();
    expect(parseConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracesEndpoint).toBe('http://localhost:4318/v1/traces');
    expect(parseConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracesEndpoint).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      parseConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9000/otlp',
      }).tracesEndpoint,
    ).toBe('http://traces:9000/otlp');
    for (const off of [{ OTEL_TRACES_EXPORTER: 'none' }, { OTEL_SDK_DISABLED: 'true' }]) {
      expect(parseConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', ...off }).tracesEndpoint).toBeNull();
    }
    expect(() => parseConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER: must be otlp or none/);
    expect(() => parseConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/gRPC is not bundled/);
    expect(() => parseConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('checks the load-shedding thresholds and the connect timeout', () => {
    expect(parseConfig({})).toMatchObject({ DATABASE_CONNECT_TIMEOUT_MS: 5000 });
    expect(parseConfig({}).LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS).toBeUndefined();
    expect(parseConfig({ LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }).LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS).toBe(0);
    expect(() => parseConfig({ LOAD_SHED_MAX_HEAP_USED_MB: '-1' })).toThrow(/LOAD_SHED_MAX_HEAP_USED_MB/);
    expect(() => parseConfig({ DATABASE_CONNECT_TIMEOUT_MS: '10' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
  });
});

/** What a live deployment sets: real providers, SMTP over TLS, its own random secret, two roles, its proxies. */
const LIVE = {
  APP_URL: 'https://coincard.example',
  TRUST_PROXY: '10.0.0.0/8',
  DATABASE_URL: 'postgres://coincard_app@db:5432/coincard',
  DATABASE_MIGRATION_URL: 'postgres://coincard_owner@db:5432/coincard',
  SESSION_SECRET: 'Zq3v9K_lP0x-T7mWc2Rb8YhN4uJd6FsA1eGk5oIyQtE',
  SMTP_URL: 'smtps://mail.example:465',
  PAYMENTS_PROVIDER: 'cryptomus',
  CRYPTOMUS_MERCHANT_ID: 'merchant',
  CRYPTOMUS_API_KEY: 'key',
  CARD_ISSUER: 'bridgecard',
  BRIDGECARD_BASE_URL: 'https://issuecards.api.bridgecard.co/v1/issuing',
  BRIDGECARD_ACCESS_TOKEN: 'at',
  BRIDGECARD_SECRET_KEY: 'sk',
  BRIDGECARD_WEBHOOK_SECRET: 'w'.repeat(16),
};

const problemsOf = (env: Record<string, string>) => {
  try {
    parseConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('deployment modes (DEMO_MODE)', () => {
  it('runs the demo on the embedded default, and nowhere else unless asked', () => {
    expect(parseConfig({})).toMatchObject({ demoMode: true, usesDevOutbox: true });
    expect(parseConfig({ SMTP_URL: 'smtp://mail.example' })).toMatchObject({ demoMode: true, usesDevOutbox: false });
    expect(parseConfig(LIVE)).toMatchObject({ demoMode: false, usesDevOutbox: false });
    // A live deployment's real providers are refused in demo mode (finding 5, below).
    expect(problemsOf({ ...LIVE, DEMO_MODE: 'true' })).not.toEqual([]);
    // Live on the embedded database is refused: it has one role, so the ledger's REVOKEs cannot apply (finding 6).
    const { DATABASE_URL: _, DATABASE_MIGRATION_URL: __, ...embeddedLive } = LIVE;
    expect(problemsOf({ ...embeddedLive, DEMO_MODE: 'false' }).join('\n')).toMatch(
      /DATABASE_URL: required in live mode/,
    );
  });

  it('refuses the reported deployment: DATABASE_URL, no NODE_ENV, outbox and sandboxes by default', () => {
    const problems = problemsOf({ DATABASE_URL: LIVE.DATABASE_URL, SESSION_SECRET: LIVE.SESSION_SECRET }).join('\n');
    expect(problems).toMatch(/SMTP_URL: required in live mode \(DATABASE_URL is set\)/);
    expect(problems).toMatch(/PAYMENTS_PROVIDER: the sandbox creates money on request/);
    expect(problems).toMatch(/CARD_ISSUER: the sandbox issuer issues no real cards/);
  });

  it('refuses demo features on an https APP_URL unless DEMO_MODE says so', () => {
    expect(problemsOf({ APP_URL: 'https://coincard.example' }).join('\n')).toMatch(
      /DEMO_MODE: APP_URL is https, so this looks like a real deployment/,
    );
    expect(parseConfig({ APP_URL: 'https://coincard.example', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(parseConfig(LIVE).demoMode).toBe(false);
  });

  it('refuses each demo feature in live mode, whichever way live mode was chosen', () => {
    for (const env of [LIVE, { ...LIVE, DATABASE_URL: '', DEMO_MODE: 'false' }]) {
      expect(problemsOf({ ...env, PAYMENTS_PROVIDER: 'sandbox' }).join('\n')).toMatch(/PAYMENTS_PROVIDER: the sandbox/);
      expect(problemsOf({ ...env, CARD_ISSUER: 'sandbox' }).join('\n')).toMatch(/CARD_ISSUER: the sandbox issuer/);
      expect(problemsOf({ ...env, SMTP_URL: '' }).join('\n')).toMatch(/SMTP_URL: required in live mode/);
      expect(problemsOf({ ...env, SESSION_SECRET: '' }).join('\n')).toMatch(/SESSION_SECRET: required in live mode/);
    }
  });

  it('stops at ALLOW_SANDBOX_IN_PRODUCTION (replaced) and at demo logins outside demo mode', () => {
    expect(problemsOf({ ALLOW_SANDBOX_IN_PRODUCTION: 'true' }).join('\n')).toMatch(
      /ALLOW_SANDBOX_IN_PRODUCTION: replaced by DEMO_MODE=true/,
    );
    expect(problemsOf({ ...LIVE, SEED_DEMO: 'true' }).join('\n')).toMatch(
      /SEED_DEMO: demo logins run only in demo mode/,
    );
    expect(parseConfig({ SEED_DEMO: 'false' })).toMatchObject({ demoMode: true, seedDemo: false });
    expect(parseConfig({})).toMatchObject({ seedDemo: true });
  });

  it('stops at BRIDGECARD_CARDHOLDER_PROFILE: cardholders are registered with their own details', () => {
    expect(problemsOf({ ...LIVE, BRIDGECARD_CARDHOLDER_PROFILE: '{}' }).join('\n')).toMatch(
      /BRIDGECARD_CARDHOLDER_PROFILE: replaced by each cardholder's own verified details/,
    );
  });
});

describe('RESTRICTED_COUNTRIES', () => {
  it('defaults to the documented list and takes a list of country codes', () => {
    expect(parseConfig({}).RESTRICTED_COUNTRIES).toEqual(['CU', 'IR', 'KP', 'MM']);
    expect(parseConfig({ RESTRICTED_COUNTRIES: ' ru, by ,RU' }).RESTRICTED_COUNTRIES).toEqual(['BY', 'RU']);
  });

  it('refuses anything that is not a country code at boot', () => {
    expect(problemsOf({ RESTRICTED_COUNTRIES: 'IR, Iran, UK' }).join('\n')).toMatch(
      /RESTRICTED_COUNTRIES: must be comma-separated ISO 3166-1 alpha-2 country codes .*not a country code: IRAN, UK/,
    );
    expect(problemsOf({ RESTRICTED_COUNTRIES: ',' }).join('\n')).toMatch(/RESTRICTED_COUNTRIES/);
  });
});

/** The one problem line a setting gets, or nothing. */
const problemAbout = (env: Record<string, string>, name: string) =>
  problemsOf(env).filter((problem) => problem.startsWith(`${name}:`));

describe('live mode refuses every unsafe setting (issue 17, findings 4 and 6)', () => {
  it('starts with the full set of safe settings', () => {
    expect(problemsOf(LIVE)).toEqual([]);
    expect(parseConfig({ ...LIVE, SMTP_URL: 'smtp://mail.example:587?requireTLS=true' }).demoMode).toBe(false);
    expect(parseConfig({ ...LIVE, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
  });

  it('refuses the issuer without BRIDGECARD_BASE_URL instead of falling back to its sandbox', () => {
    const { BRIDGECARD_BASE_URL: _, ...withoutIssuerUrl } = LIVE;
    expect(problemAbout(withoutIssuerUrl, 'BRIDGECARD_BASE_URL')).toEqual([
      expect.stringMatching(/required in live mode.*production API.*nothing falls back to its sandbox/),
    ]);
    expect(
      problemAbout(
        { ...LIVE, BRIDGECARD_BASE_URL: 'https://issuecards.api.bridgecard.co/v1/issuing/sandbox' },
        'BRIDGECARD_BASE_URL',
      ),
    ).toEqual([expect.stringMatching(/is the issuer's sandbox/)]);
  });

  it('refuses a missing or http APP_URL', () => {
    const { APP_URL: _, ...withoutAppUrl } = LIVE;
    expect(problemAbout(withoutAppUrl, 'APP_URL')).toEqual([expect.stringMatching(/required in live mode.*https/)]);
    expect(problemAbout({ ...LIVE, APP_URL: 'http://coincard.example' }, 'APP_URL')).toEqual([
      expect.stringMatching(/must be https in live mode/),
    ]);
  });

  it('refuses TRUST_PROXY left out', () => {
    const { TRUST_PROXY: _, ...withoutProxy } = LIVE;
    expect(problemAbout(withoutProxy, 'TRUST_PROXY')).toEqual([expect.stringMatching(/required in live mode/)]);
  });

  it('refuses a weak or repetitive SESSION_SECRET', () => {
    for (const weak of [
      'a'.repeat(32),
      'x'.repeat(40),
      'ab'.repeat(20),
      'passwordpasswordpasswordpassword',
      '0123456789'.repeat(4),
    ]) {
      expect({ weak, problems: problemAbout({ ...LIVE, SESSION_SECRET: weak }, 'SESSION_SECRET') }).toEqual({
        weak,
        problems: [expect.stringMatching(/too predictable for live mode.*openssl rand -base64 48/)],
      });
    }
    // What the documented commands make passes: 48 random bytes in base64, 32 in hex.
    expect(
      problemAbout(
        { ...LIVE, SESSION_SECRET: 'f3a1c9e04b7d2865af10c3e9d74b5a26e8c1f0937d4a6b2e5c8f1a0d3b7e9c42' },
        'SESSION_SECRET',
      ),
    ).toEqual([]);
  });

  it('refuses smtp:// without TLS, and TLS switched off', () => {
    expect(problemAbout({ ...LIVE, SMTP_URL: 'smtp://mail.example:587' }, 'SMTP_URL')).toEqual([
      expect.stringMatching(/smtp:\/\/ without TLS.*smtps:\/\/host:465, or smtp:\/\/host:587\?requireTLS=true/),
    ]);
    expect(
      problemAbout({ ...LIVE, SMTP_URL: 'smtps://mail.example:465?tls.rejectUnauthorized=false' }, 'SMTP_URL'),
    ).toHaveLength(1);
    expect(
      problemAbout({ ...LIVE, SMTP_URL: 'smtp://mail.example:587?requireTLS=true&ignoreTLS=true' }, 'SMTP_URL'),
    ).toHaveLength(1);
  });

  it('refuses TLS switched off in any spelling the mailer reads (1, a word, a repeated parameter)', () => {
    // nodemailer takes any value but false and 0 as on: ignoreTLS=1 or =yes skips STARTTLS as surely as =true, and a
    // repeated ignoreTLS becomes a list, which it takes as on too.
    for (const url of [
      'smtp://mail.example:587?requireTLS=true&ignoreTLS=1',
      'smtp://mail.example:587?requireTLS=true&ignoreTLS=yes',
      'smtp://mail.example:587?requireTLS=true&ignoreTLS=false&ignoreTLS=true',
    ]) {
      expect({ url, problems: problemAbout({ ...LIVE, SMTP_URL: url }, 'SMTP_URL') }).toEqual({
        url,
        problems: [expect.stringMatching(/SMTP_URL/)],
      });
    }
    expect(problemAbout({ ...LIVE, SMTP_URL: 'smtp://mail.example:587?requireTLS=1' }, 'SMTP_URL')).toEqual([]);
    expect(
      problemAbout({ ...LIVE, SMTP_URL: 'smtps://mail.example:465?tls.rejectUnauthorized=true' }, 'SMTP_URL'),
    ).toEqual([]);
  });

  it('refuses a missing DATABASE_MIGRATION_URL, or one naming the app role', () => {
    const { DATABASE_MIGRATION_URL: _, ...oneRole } = LIVE;
    expect(problemAbout(oneRole, 'DATABASE_MIGRATION_URL')).toEqual([
      expect.stringMatching(/required in live mode.*owner role/),
    ]);
    expect(
      problemAbout(
        { ...LIVE, DATABASE_MIGRATION_URL: 'postgres://coincard_app@db:5432/coincard' },
        'DATABASE_MIGRATION_URL',
      ),
    ).toEqual([expect.stringMatching(/same role as DATABASE_URL/)]);
    const { DATABASE_URL: __, ...embedded } = LIVE;
    expect(problemAbout({ ...embedded, DEMO_MODE: 'false' }, 'DATABASE_URL')).toEqual([
      expect.stringMatching(/required in live mode.*PostgreSQL/),
    ]);
  });
});

describe('demo mode refuses real providers (issue 17, finding 5)', () => {
  const DEMO = { DEMO_MODE: 'true', APP_URL: 'https://demo.coincard.example' };

  it('refuses a production issuer URL beside the sandbox payment provider', () => {
    const env = { ...DEMO, ...LIVE, DEMO_MODE: 'true', PAYMENTS_PROVIDER: 'sandbox' };
    expect(problemAbout(env, 'BRIDGECARD_BASE_URL')).toEqual([
      expect.stringMatching(/is not the issuer's sandbox.*DEMO_MODE=false/),
    ]);
    expect(
      problemAbout(
        { ...env, BRIDGECARD_SECRETS_BASE_URL: 'https://secrets.bridgecard.example/v1' },
        'BRIDGECARD_SECRETS_BASE_URL',
      ),
    ).toHaveLength(1);
    expect(
      problemsOf({ ...env, BRIDGECARD_BASE_URL: 'https://issuecards.api.bridgecard.co/v1/issuing/sandbox' }),
    ).toEqual([]);
  });

  it('refuses the real payment provider, on https or not', () => {
    for (const appUrl of ['https://demo.coincard.example', 'http://localhost:3000']) {
      const env = { ...LIVE, DEMO_MODE: 'true', APP_URL: appUrl, CARD_ISSUER: 'sandbox' };
      expect(problemAbout(env, 'PAYMENTS_PROVIDER')).toEqual([expect.stringMatching(/cryptomus takes real payments/)]);
      expect(problemAbout({ ...env, CRYPTOMUS_BASE_URL: 'https://api.heleket.com' }, 'PAYMENTS_PROVIDER')).toHaveLength(
        1,
      );
    }
  });

  it('still runs the sandboxes, and test doubles of the real providers on this machine', () => {
    expect(problemsOf(DEMO)).toEqual([]);
    expect(
      problemsOf({
        PAYMENTS_PROVIDER: 'cryptomus',
        CRYPTOMUS_BASE_URL: 'http://127.0.0.1:4010',
        CRYPTOMUS_MERCHANT_ID: 'm',
        CRYPTOMUS_API_KEY: 'k',
      }),
    ).toEqual([]);
    const { DATABASE_URL: _, DATABASE_MIGRATION_URL: __, APP_URL: ___, ...issuer } = LIVE;
    expect(
      problemsOf({ ...issuer, PAYMENTS_PROVIDER: 'sandbox', BRIDGECARD_BASE_URL: 'http://127.0.0.1:4020' }),
    ).toEqual([]);
  });
});

describe('previous secrets (issue 17, finding 9)', () => {
  it('takes any number, comma-separated, each at least 32 characters', () => {
    const a = 'a1'.repeat(20);
    const b = 'b2'.repeat(20);
    expect(parseConfig({ SESSION_SECRET_PREVIOUS: `${a}, ${b}` }).SESSION_SECRET_PREVIOUS).toEqual([a, b]);
    expect(parseConfig({}).SESSION_SECRET_PREVIOUS).toEqual([]);
    expect(() => parseConfig({ SESSION_SECRET_PREVIOUS: `${a},short` })).toThrow(/SESSION_SECRET_PREVIOUS/);
    expect(parseConfig({ SANDBOX_ISSUER_KEY_PREVIOUS: `${b},${a}` }).SANDBOX_ISSUER_KEY_PREVIOUS).toEqual([b, a]);
  });
});
