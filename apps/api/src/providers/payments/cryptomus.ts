import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { type CircuitOptions, createCircuit, fetchThrough, OutageError } from '../../lib/circuit-breaker.js';
import { safeEqual } from '../../lib/crypto.js';
import { usdStringToCents } from '../../lib/usd-cents.js';
import { signCryptomusBody, signCryptomusWebhook } from './cryptomus-signature.js';
import { CRYPTOMUS_NETWORKS, mapCryptomusStatus } from './cryptomus-status.js';
import type { InvoiceState, PaymentProvider } from './payment-provider.js';

export type CryptomusOptions = {
  /** e.g. https://api.cryptomus.com (or the built-in sandbox's address). */
  baseUrl: string | (() => string);
  merchantId: string;
  apiKey: string;
  name?: string;
  timeoutMs?: number;
  circuit?: CircuitOptions;
};

const money = z.union([z.string(), z.number()]).transform(String);
/**
 * A USD figure is credited, so only the documented string form is taken: a JSON number has already been rounded to
 * a float, which could round a cent up. A number counts as no figure (the top-up is then held for a person).
 */
const usdText = z.union([z.string(), z.number().transform(() => null)]);

const invoiceResultSchema = z.object({
  uuid: z.string(),
  order_id: z.string(),
  url: z.string(),
  status: z.string().optional(),
  payment_status: z.string().optional(),
  currency: z.string().nullish(),
  payer_currency: z.string().nullish(),
  payment_amount: money.nullish(),
  payment_amount_usd: usdText.nullish(),
  expired_at: z.number().nullish(),
  /** The on-chain transaction hash, once the payment is seen on the chain. */
  txid: z.string().max(200).nullish(),
});

const envelopeSchema = z.object({ state: z.number(), result: z.unknown().optional(), message: z.string().optional() });

const webhookSchema = z.looseObject({
  type: z.string().optional(),
  uuid: z.string().optional(),
  order_id: z.string(),
  status: z.string(),
  sign: z.string(),
});

function toInvoiceState(raw: unknown): InvoiceState {
  const parsed = invoiceResultSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('ProviderError', 'The payment provider sent an answer we could not read.');
  const result = parsed.data;
  const providerStatus = result.payment_status ?? result.status ?? 'check';
  return {
    providerPaymentId: result.uuid,
    orderId: result.order_id,
    paymentUrl: result.url,
    status: mapCryptomusStatus(providerStatus),
    providerStatus,
    // The info answer as documented has no USD field: `payment_amount` is in the payer's coin (docs/payment-provider-protocol.md).
    amountPaidCents: usdStringToCents(result.payment_amount_usd),
    paymentAmount: result.payment_amount ?? null,
    payerCurrency: result.payer_currency ?? null,
    invoiceCurrency: result.currency ?? null,
    txHash: result.txid || null,
    expiresAt: result.expired_at ? new Date(result.expired_at * 1000) : null,
  };
}

/** The Cryptomus-compatible adapter: signed JSON POSTs, zod-checked answers, signed webhooks. */
export function createCryptomusProvider(options: CryptomusOptions): PaymentProvider {
  const baseUrl = () =>
    (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const circuit = createCircuit(`the payment provider (${options.name ?? 'cryptomus'})`, options.circuit);

  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<unknown> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    let response: Response;
    try {
      response = await fetchThrough(circuit, `${baseUrl()}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          merchant: options.merchantId,
          sign: signCryptomusBody(raw, options.apiKey),
        },
        body: method === 'POST' ? raw : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (!(error instanceof OutageError)) throw error;
      throw new AppError(
        'ProviderError',
        'The payment provider cannot be reached right now. Please try again in a moment.',
      );
    }
    const parsed = envelopeSchema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success || parsed.data.state !== 0) {
      throw new AppError('ProviderError', 'The payment provider refused the request. Please try again in a moment.');
    }
    return parsed.data.result;
  }

  return {
    name: options.name ?? 'cryptomus',
    async createInvoice(input) {
      const network = CRYPTOMUS_NETWORKS[input.network];
      if (!network) throw new AppError('ValidationError', 'This network is not supported.');
      const result = await call('POST', '/v1/payment', {
        amount: (input.amountCents / 100).toFixed(2),
        currency: 'USD',
        order_id: input.orderId,
        to_currency: input.coin,
        network,
        url_callback: input.callbackUrl,
        url_return: input.returnUrl,
        url_success: input.returnUrl,
        lifetime: input.lifetimeSeconds,
        is_payment_multiple: false,
      });
      return toInvoiceState(result);
    },
    async getInvoice(orderId) {
      return toInvoiceState(await call('POST', '/v1/payment/info', { order_id: orderId }));
    },
    async exchangeRate(coin) {
      const parsed = z
        .array(z.object({ from: z.string(), to: z.string(), course: money }))
        .safeParse(await call('GET', `/v1/exchange-rate/${encodeURIComponent(coin)}/list`));
      const result = parsed.success ? parsed.data : [];
      const usd = result.find((rate) => rate.to === 'USD') ?? result.find((rate) => rate.to === 'USDT');
      const course = usd ? Number(usd.course) : Number.NaN;
      if (!Number.isFinite(course) || course <= 0)
        throw new AppError('ProviderError', `No USD rate for ${coin} right now.`);
      return course;
    },
    verifyWebhook(rawBody) {
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
      }
      const parsed = webhookSchema.safeParse(payload);
      if (!parsed.success) throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
      const { sign, ...rest } = parsed.data;
      // Re-serialise the payload in the order it arrived, as PHP did when signing.
      const withoutSign = Object.fromEntries(
        Object.entries(payload as Record<string, unknown>).filter(([key]) => key !== 'sign'),
      );
      if (!safeEqual(signCryptomusWebhook(withoutSign, options.apiKey), sign)) {
        throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
      }
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        orderId: rest.order_id,
        providerStatus: rest.status,
        status: mapCryptomusStatus(rest.status),
        amountPaidCents: usdStringToCents(text(rest.payment_amount_usd)),
        paymentAmount: text(rest.payment_amount),
        payerCurrency: text(rest.payer_currency),
        // The same delivery re-sent (even re-formatted) carries the same order, status and signature.
        eventKey: createHash('sha256').update(`${rest.order_id}\n${rest.status}\n${sign}`).digest('hex'),
      };
    },
  };
}
