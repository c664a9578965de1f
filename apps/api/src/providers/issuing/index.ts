import type { CardholderProfile, Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { derivePurposeKey, keyedHash } from '../../lib/keys.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { resolveDataDirSecret } from '../../secrets.js';
import { createBridgecardIssuer } from './bridgecard.js';
import type { CardIssuer } from './card-issuer.js';
import { createSandboxBooks, type SandboxBooks } from './sandbox-books.js';

export type SandboxIssuerCredentials = { accessToken: string; secretKey: string; webhookSecret: string };

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
  };
}

/** What the sandbox issuer asks of a cardholder beyond the e-mail: a demo programme's fixed profile. */
const SANDBOX_CARDHOLDER_PROFILE: CardholderProfile = {
  address: {
    address: '256 Chapman Road STE 105-4',
    city: 'Newark',
    state: 'Delaware',
    country: 'US',
    postal_code: '19702',
    house_no: '105',
  },
  phone: '+13025550100',
  identity: { id_type: 'SANDBOX_PROGRAMME' },
};

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
        cardholderProfile: JSON.parse(config.BRIDGECARD_CARDHOLDER_PROFILE ?? '{}') as CardholderProfile,
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
    appUrl: config.APP_URL,
  });
  const issuer = createBridgecardIssuer({
    ...credentials,
    name: 'sandbox',
    baseUrl: () => `${input.selfUrl()}/sandbox/issuing/v1`,
    cardholderProfile: SANDBOX_CARDHOLDER_PROFILE,
    simulatorUrl: (cardId) => new URL(`/sandbox/cards/${cardId}`, config.APP_URL).toString(),
  });
  return { issuer, sandbox };
}
