import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { CircuitOptions } from '../../lib/circuit-breaker.js';
import { derivePurposeKey, keyedHash } from '../../lib/keys.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { resolveDataDirSecret } from '../../secrets.js';
import { createBridgecardIssuer } from './bridgecard.js';
import type { CardIssuer } from './card-issuer.js';
import { createSandboxBooks, type SandboxBooks } from './sandbox-books.js';

export type SandboxIssuerCredentials = {
  accessToken: string;
  secretKey: string;
  webhookSecret: string;
  /** Signs the sandbox's authorization requests (decision 033). */
  authorizationSecret: string;
};

/**
 * The sandbox's keys are derived from the session secret with their own purpose (lib/keys.ts): nothing to configure,
 * nothing shared between installs or with any other use of the secret. Both ends are this app, so they follow the
 * current secret without versions.
 */
export function sandboxIssuerCredentials(sessionSecret: string): SandboxIssuerCredentials {
  const key = derivePurposeKey(sessionSecret, 'sandbox-issuer-credentials');
  return {
    accessToken: `at_sandbox_${keyedHash(key, 'sandbox-issuer-token').slice(0, 40)}`,
    secretKey: `sk_sandbox_${keyedHash(key, 'sandbox-issuer-secret-key').slice(0, 40)}`,
    webhookSecret: keyedHash(key, 'sandbox-issuer-webhook'),
    authorizationSecret: keyedHash(key, 'sandbox-issuer-authorization'),
  };
}

export type IssuerSetup = { issuer: CardIssuer; sandbox: SandboxBooks | null };

/**
 * The configured issuer. The sandbox is a full simulation served by this app at /sandbox/issuing and reached over
 * real HTTP with the Bridgecard protocol, so the adapter is the same code in both modes (decision 008).
 */
export function createCardIssuer(input: {
  config: Config;
  db: Database;
  sessionSecret: string;
  selfUrl: () => string;
  now: () => Date;
  logger: { warn: (obj: object, msg: string) => void };
  /** The issuer's circuit breaker settings (its state reported to the metrics). */
  circuit?: CircuitOptions;
}): IssuerSetup {
  const { config } = input;
  if (config.CARD_ISSUER === 'bridgecard') {
    return {
      issuer: createBridgecardIssuer({
        baseUrl: config.BRIDGECARD_BASE_URL ?? '',
        secretsBaseUrl: config.BRIDGECARD_SECRETS_BASE_URL,
        accessToken: config.BRIDGECARD_ACCESS_TOKEN ?? '',
        secretKey: config.BRIDGECARD_SECRET_KEY ?? '',
        webhookSecret: config.BRIDGECARD_WEBHOOK_SECRET ?? '',
        circuit: input.circuit,
      }),
      sandbox: null,
    };
  }
  const credentials = sandboxIssuerCredentials(input.sessionSecret);
  const sandbox = createSandboxBooks({
    db: input.db,
    now: input.now,
    logger: input.logger,
    secretKey: credentials.secretKey,
    webhookSecret: credentials.webhookSecret,
    box: createSealedBox(
      [
        resolveDataDirSecret(config, 'sandbox-issuer-key', config.SANDBOX_ISSUER_KEY),
        ...config.SANDBOX_ISSUER_KEY_PREVIOUS,
      ],
      'sandbox-issuer',
    ),
    windowSeconds: config.sandboxIssuerWindowSeconds,
    settleMs: config.SANDBOX_ISSUER_SETTLE_MS,
    webhookUrl: () => `${input.selfUrl()}/api/webhooks/issuing`,
    authorizationSecret: credentials.authorizationSecret,
    authorizationUrl: () => `${input.selfUrl()}/api/issuing/authorizations`,
    appUrl: config.APP_URL,
  });
  const issuer = createBridgecardIssuer({
    ...credentials,
    name: 'sandbox',
    baseUrl: () => `${input.selfUrl()}/sandbox/issuing/v1`,
    simulatorUrl: (cardId) => new URL(`/sandbox/cards/${cardId}`, config.APP_URL).toString(),
    circuit: input.circuit,
  });
  return { issuer, sandbox };
}
