import type { Config } from '../../config.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { createCryptomusProvider } from './cryptomus.js';
import type { PaymentProvider } from './payment-provider.js';

export type SandboxCredentials = { merchantId: string; apiKey: string };

export function sandboxCredentials(sessionSecret: string): SandboxCredentials {
  return { merchantId: 'coincard-sandbox', apiKey: hmacSha256(sessionSecret, 'sandbox-payments-key') };
}

/**
 * The configured payment provider. The sandbox is a full simulation served by this app at /sandbox/payments and
 * reached over real HTTP with the same signed protocol as Cryptomus, so the adapter code is the same for both.
 */
export function createPaymentProvider(config: Config, sessionSecret: string, selfUrl: () => string): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'cryptomus') {
    return createCryptomusProvider({
      baseUrl: config.CRYPTOMUS_BASE_URL,
      merchantId: config.CRYPTOMUS_MERCHANT_ID ?? '',
      apiKey: config.CRYPTOMUS_API_KEY ?? '',
    });
  }
  const credentials = sandboxCredentials(sessionSecret);
  return createCryptomusProvider({ ...credentials, name: 'sandbox', baseUrl: () => `${selfUrl()}/sandbox/payments` });
}
