/**
 * What each deployment mode refuses at start-up (docs/operations.md, Deployment modes), one line per problem naming
 * the setting and what to set. Live mode insists on every setting a real deployment needs to be safe; demo mode
 * refuses anything that would reach a real provider, since its sandboxes create money and its outbox is public.
 */

import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';

/** The settings these checks read, as the config schema parsed them (`explicit` says which were set at all). */
export type DeploymentSettings = {
  APP_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATABASE_MIGRATION_URL?: string | undefined;
  SESSION_SECRET?: string | undefined;
  SMTP_URL?: string | undefined;
  PAYMENTS_PROVIDER: 'sandbox' | 'cryptomus';
  CRYPTOMUS_BASE_URL: string;
  CARD_ISSUER: 'sandbox' | 'bridgecard';
  BRIDGECARD_BASE_URL?: string | undefined;
  BRIDGECARD_SECRETS_BASE_URL?: string | undefined;
  SEED_DEMO?: boolean | undefined;
  explicit: (name: string) => boolean;
};

/** The issuer's own sandbox lives under a `/sandbox` path; its production API does not. */
const isIssuerSandboxUrl = (url: string) => /\/sandbox(\/|$)/.test(new URL(url).pathname);

/** A test double on this machine (the API suite's fake provider servers). */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

const MIN_SECRET_BITS = 100;
const MIN_SECRET_SYMBOLS = 12;

/**
 * An estimate of a secret's strength from its own characters: length × Shannon entropy of their frequencies. It
 * cannot tell a random string from a memorable phrase of many letters, but it catches what was reported
 * (`aaaa…`, `abab…`, a short alphabet repeated) and any secret typed by hand out of a few symbols.
 */
export function secretStrength(secret: string): { symbols: number; bits: number } {
  const counts = new Map<string, number>();
  for (const symbol of secret) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  const length = [...secret].length;
  let perSymbol = 0;
  for (const count of counts.values()) {
    const p = count / length;
    perSymbol -= p * Math.log2(p);
  }
  return { symbols: counts.size, bits: Math.floor(perSymbol * length) };
}

/**
 * Live SMTP must encrypt: smtps:// (TLS from the first byte), or smtp:// with ?requireTLS=true (STARTTLS or fail).
 * Judged on the options nodemailer itself reads from the URL, not on the query text: it takes ignoreTLS=1, =yes or a
 * repeated ignoreTLS (a list) as on, where only the text "true" was refused.
 */
function smtpProblem(smtpUrl: string): string | null {
  const options = parseConnectionUrl(smtpUrl);
  const tls = options.tls ?? {};
  if (options.ignoreTLS || tls.rejectUnauthorized === false) {
    return 'SMTP_URL: ignoreTLS and tls.rejectUnauthorized=false send mail (sign-in codes, reset links) to anyone on the way; remove them';
  }
  if (options.secure === true || options.requireTLS) return null;
  return 'SMTP_URL: smtp:// without TLS sends sign-in codes and reset links in clear; use smtps://host:465, or smtp://host:587?requireTLS=true';
}

function roleOf(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).username);
  } catch {
    return '';
  }
}

/** Every setting live mode insists on (docs/operations.md lists the same). */
export function liveModeProblems(settings: DeploymentSettings, live: string): string[] {
  const problems: string[] = [];
  if (!settings.APP_URL) {
    problems.push(
      `APP_URL: required in ${live}: the https address people open (cookies are Secure and __Host- only over https)`,
    );
  } else if (new URL(settings.APP_URL).protocol !== 'https:') {
    problems.push(
      `APP_URL: must be https in ${live} (over http the session cookies lose Secure and __Host-, and no HSTS is sent)`,
    );
  }
  if (!settings.explicit('TRUST_PROXY')) {
    problems.push(
      `TRUST_PROXY: required in ${live}: the load balancer's addresses (TRUST_PROXY=10.0.0.0/8), a hop count, or false when clients connect directly; unset, every client behind a proxy shares one rate-limit bucket`,
    );
  }
  if (!settings.SESSION_SECRET) {
    problems.push(`SESSION_SECRET: required in ${live}: at least 32 random characters (openssl rand -base64 48)`);
  } else {
    const { symbols, bits } = secretStrength(settings.SESSION_SECRET);
    if (symbols < MIN_SECRET_SYMBOLS || bits < MIN_SECRET_BITS) {
      problems.push(
        `SESSION_SECRET: too predictable for ${live} (${symbols} different characters, about ${bits} bits); use a random one: openssl rand -base64 48`,
      );
    }
  }
  if (!settings.SMTP_URL) {
    problems.push(`SMTP_URL: required in ${live}; the dev outbox shows every mail to anyone (or set DEMO_MODE=true)`);
  } else {
    const smtp = smtpProblem(settings.SMTP_URL);
    if (smtp) problems.push(smtp);
  }
  if (!settings.DATABASE_URL) {
    problems.push(
      `DATABASE_URL: required in ${live}: PostgreSQL with an app role (docs/operations.md, Database roles)`,
    );
  }
  if (!settings.DATABASE_MIGRATION_URL) {
    problems.push(
      `DATABASE_MIGRATION_URL: required in ${live}: the owner role that migrates, so DATABASE_URL's app role cannot rewrite the ledger (docs/operations.md, Database roles)`,
    );
  } else if (settings.DATABASE_URL && roleOf(settings.DATABASE_MIGRATION_URL) === roleOf(settings.DATABASE_URL)) {
    problems.push(
      'DATABASE_MIGRATION_URL: names the same role as DATABASE_URL; the app role must be another one, without the owner rights (docs/operations.md, Database roles)',
    );
  }
  if (settings.PAYMENTS_PROVIDER === 'sandbox') {
    problems.push(
      `PAYMENTS_PROVIDER: the sandbox creates money on request and runs only in demo mode; set PAYMENTS_PROVIDER=cryptomus in ${live} (or DEMO_MODE=true)`,
    );
  }
  if (settings.CARD_ISSUER === 'sandbox') {
    problems.push(
      `CARD_ISSUER: the sandbox issuer issues no real cards and runs only in demo mode; set CARD_ISSUER=bridgecard in ${live} (or DEMO_MODE=true)`,
    );
  } else if (!settings.BRIDGECARD_BASE_URL) {
    problems.push(
      `BRIDGECARD_BASE_URL: required in ${live}: the issuer's production API (https://issuecards.api.bridgecard.co/v1/issuing); nothing falls back to its sandbox`,
    );
  } else if (isIssuerSandboxUrl(settings.BRIDGECARD_BASE_URL)) {
    problems.push(
      `BRIDGECARD_BASE_URL: is the issuer's sandbox, which issues no real cards; set its production API in ${live} (or DEMO_MODE=true)`,
    );
  }
  if (settings.SEED_DEMO) problems.push(`SEED_DEMO: demo logins run only in demo mode, not in ${live}`);
  return problems;
}

/**
 * Demo mode runs the sandbox payment provider (its checkout "pays" any invoice), a public outbox and published
 * logins: none of that may meet a real provider. Allowed: the issuer's own sandbox, and test doubles on this machine.
 */
export function demoModeProblems(settings: DeploymentSettings): string[] {
  const problems: string[] = [];
  if (settings.PAYMENTS_PROVIDER === 'cryptomus' && !isLoopbackUrl(settings.CRYPTOMUS_BASE_URL)) {
    problems.push(
      'PAYMENTS_PROVIDER: cryptomus takes real payments, and demo mode serves a public outbox and demo logins beside it; set DEMO_MODE=false for real money, or PAYMENTS_PROVIDER=sandbox for a demo',
    );
  }
  if (settings.CARD_ISSUER === 'bridgecard') {
    for (const name of ['BRIDGECARD_BASE_URL', 'BRIDGECARD_SECRETS_BASE_URL'] as const) {
      const url = settings[name];
      if (url && !isIssuerSandboxUrl(url) && !isLoopbackUrl(url)) {
        problems.push(
          `${name}: is not the issuer's sandbox (…/sandbox), and demo mode must not issue real cards; set DEMO_MODE=false for real cards, or the issuer's sandbox URL for a demo`,
        );
      }
    }
    if (!settings.BRIDGECARD_BASE_URL) {
      problems.push(
        "BRIDGECARD_BASE_URL: required with CARD_ISSUER=bridgecard: the issuer's sandbox URL in demo mode (https://issuecards.api.bridgecard.co/v1/issuing/sandbox)",
      );
    }
  }
  return problems;
}
