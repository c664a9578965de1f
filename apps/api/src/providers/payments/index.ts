import type { Config } from '../../config.js';
import type { CircuitOptions } from '../../lib/circuit-breaker.js';
import { derivePurposeKey, keyedHash } from '../../lib/keys.js';
import { createCryptomusProvider } from './cryptomus.js';
import type { PaymentProvider } from './payment-provider.js';

export type SandboxCredentials = { merchantId: string; apiKey: string };

/** The sandbox provider's API key, derived from the session secret for this purpose alone (lib/keys.ts). */
export function sandboxCredentials(sessionSecret: string): SandboxCredentials {
  const key = derivePurposeKey(sessionSecret, 'sandbox-payments-credentials');
  return { merchantId: 'coincard-sandbox', apiKey: keyedHash(key, 'sandbox-payments-key') };
}

/**
 * The configured payment provider. The sandbox is a full simulation served by this app at /sandbox/payments and
 * reached over real HTTP with the same signed protocol as Cryptomus, so the adapter code is the same for both.
 */
export function createPaymentProvider(
  config: Config,
  sessionSecret: string,
  selfUrl: () => string,
  circuit?: CircuitOptions,
): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'cryptomus') {
    return createCryptomusProvider({
      baseUrl: config.CRYPTOMUS_BASE_URL,
      merchantId: config.CRYPTOMUS_MERCHANT_ID ?? '',
      apiKey: config.CRYPTOMUS_API_KEY ?? '',
      circuit,
    });
  }
  const credentials = sandboxCredentials(sessionSecret);
  return createCryptomusProvider({
    ...credentials,
    name: 'sandbox',
    baseUrl: () => `${selfUrl()}/sandbox/payments`,
    circuit,
  });
}
