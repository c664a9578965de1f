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
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be true, false or the number/);
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
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => parseConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(/sandbox creates money/);
    expect(
      parseConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, ALLOW_SANDBOX_IN_PRODUCTION: 'true' })
        .PAYMENTS_PROVIDER,
    ).toBe('sandbox');
    expect(() => parseConfig({ PAYMENTS_PROVIDER: 'cryptomus' })).toThrow(/CRYPTOMUS_MERCHANT_ID/);
    expect(parseConfig({ APP_URL: 'https://coincard.example' }).isHttps).toBe(true);
  });
});
