import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { sandboxInvoices } from '../../db/schema/index.js';
import { safeEqual } from '../../lib/crypto.js';
import { signCryptomusBody, signCryptomusWebhook } from './cryptomus-signature.js';
import { sandboxAddress } from './sandbox-addresses.js';
import { SANDBOX_USD_RATES } from './sandbox-rates.js';

export type SandboxServerOptions = {
  db: Database;
  merchantId: string;
  apiKey: string;
  /** Public address of the app: checkout pages are served by the web app at /sandbox/checkout/{uuid}. */
  appUrl: string;
  now: () => Date;
  logger: { warn: (obj: object, msg: string) => void };
};

type Invoice = typeof sandboxInvoices.$inferSelect;

const DOLLAR_STABLECOINS = ['USDT', 'USDC', 'DAI'];

/** How many decimals the sandbox writes a coin amount with: more for coins worth more. */
const coinDecimals = (rate: string) => (Number(rate) > 10 ? 8 : 6);

/**
 * What the payer sent, in their coin, for the USD value the tester chose: at the sandbox's rate, rounded to the coin's
 * decimals. A dollar stablecoin settles at par, as a USD invoice paid in one is settled, so its amount is its value.
 */
function paidInCoin(invoice: Pick<Invoice, 'paymentAmountUsd' | 'toCurrency'>): string | null {
  if (invoice.paymentAmountUsd === null) return null;
  if (DOLLAR_STABLECOINS.includes(invoice.toCurrency)) return invoice.paymentAmountUsd;
  const rate = SANDBOX_USD_RATES[invoice.toCurrency];
  if (!rate) return null;
  return (Number(invoice.paymentAmountUsd) / Number(rate)).toFixed(coinDecimals(rate));
}

const OUTCOMES = ['paid', 'paid_over', 'wrong_amount', 'cancel', 'fail'] as const;
const outcomeBodySchema = z.object({
  outcome: z.enum(OUTCOMES, { message: 'Choose paid, paid_over, wrong_amount, cancel or fail.' }),
  amountUsd: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter the amount in USD, like 45.00.')
    .optional(),
});

const createBodySchema = z.object({
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.literal('USD'),
  order_id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  to_currency: z.string(),
  network: z.string(),
  url_callback: z.string().url().optional(),
  url_return: z.string().optional(),
  lifetime: z.number().int().min(300).max(43200).default(3600),
});

const infoBodySchema = z.union([z.object({ order_id: z.string() }), z.object({ uuid: z.string() })]);

const ok = (result: unknown) => ({ state: 0, result });
const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ state: 1, message });

/**
 * A working simulation of a Cryptomus-style crypto payment provider, served by the app itself on the embedded
 * default. It speaks the same signed protocol as the real one (docs/payment-provider-protocol.md), keeps its own invoices, expires
 * them, and sends signed webhooks over HTTP when the tester picks an outcome on the checkout page.
 */
export function registerSandboxPaymentServer(app: FastifyInstance, options: SandboxServerOptions) {
  const isFinal = (status: string) =>
    ['paid', 'paid_over', 'wrong_amount', 'cancel', 'fail', 'system_fail'].includes(status);

  /** The payment's on-chain hash once it is paid: one per invoice, the same in every answer and webhook. */
  function txidOf(invoice: Pick<Invoice, 'uuid' | 'status'>): string | null {
    if (!isFinal(invoice.status) || invoice.status === 'cancel' || invoice.status === 'fail') return null;
    return createHash('sha256').update(`sandbox-tx:${invoice.uuid}`).digest('hex');
  }

  /** Lapsed invoices become `cancel`, as the real provider does once the lifetime is over. */
  async function current(invoice: Invoice): Promise<Invoice> {
    if (isFinal(invoice.status) || invoice.expiresAt > options.now()) return invoice;
    const [expired] = await options.db
      .update(sandboxInvoices)
      .set({ status: 'cancel' })
      .where(and(eq(sandboxInvoices.uuid, invoice.uuid), eq(sandboxInvoices.status, invoice.status)))
      .returning();
    return expired ?? invoice;
  }

  // As documented (docs/payment-provider-protocol.md): the info answer reports `payment_amount` in the payer's coin and no USD value;
  // only the webhook carries `payment_amount_usd`.
  const resultOf = (invoice: Invoice) => ({
    uuid: invoice.uuid,
    order_id: invoice.orderId,
    amount: invoice.amount,
    payment_amount: paidInCoin(invoice),
    payer_amount: invoice.payerAmount,
    payer_currency: invoice.toCurrency,
    currency: invoice.currency,
    network: invoice.network,
    address: invoice.address,
    url: new URL(`/sandbox/checkout/${invoice.uuid}`, options.appUrl).toString(),
    status: invoice.status,
    payment_status: invoice.status,
    expired_at: Math.floor(invoice.expiresAt.getTime() / 1000),
    is_final: isFinal(invoice.status),
    txid: txidOf(invoice),
  });

  function authenticated(request: FastifyRequest, reply: FastifyReply): boolean {
    const raw = (request.body as string | undefined) ?? '';
    const sign = String(request.headers.sign ?? '');
    if (request.headers.merchant !== options.merchantId || !safeEqual(signCryptomusBody(raw, options.apiKey), sign)) {
      void refuse(reply, 401, 'Invalid sign');
      return false;
    }
    return true;
  }

  async function sendWebhook(invoice: Invoice) {
    if (!invoice.urlCallback) return;
    const payload = {
      type: 'payment',
      uuid: invoice.uuid,
      order_id: invoice.orderId,
      amount: invoice.amount,
      payment_amount: paidInCoin(invoice),
      payment_amount_usd: invoice.paymentAmountUsd,
      merchant_amount: invoice.paymentAmountUsd,
      commission: '0.00',
      is_final: isFinal(invoice.status),
      status: invoice.status,
      from: null,
      network: invoice.network,
      currency: invoice.currency,
      payer_currency: invoice.toCurrency,
      additional_data: null,
      txid: txidOf(invoice),
    };
    const body = JSON.stringify({ ...payload, sign: signCryptomusWebhook(payload, options.apiKey) });
    try {
      const response = await fetch(invoice.urlCallback, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok)
        options.logger.warn({ status: response.status, orderId: invoice.orderId }, 'sandbox webhook was not accepted');
    } catch (error) {
      options.logger.warn({ err: error, orderId: invoice.orderId }, 'sandbox webhook could not be delivered');
    }
  }

  app.register(
    async (sandbox) => {
      // Signatures cover the raw body, so the provider API reads it as text.
      sandbox.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );

      sandbox.post('/v1/payment', async (request, reply) => {
        if (!authenticated(request, reply)) return reply;
        const parsed = createBodySchema.safeParse(JSON.parse((request.body as string) || '{}'));
        if (!parsed.success) return refuse(reply, 422, parsed.error.issues[0]?.message ?? 'Invalid request');
        const body = parsed.data;
        const [existing] = await options.db
          .select()
          .from(sandboxInvoices)
          .where(and(eq(sandboxInvoices.merchant, options.merchantId), eq(sandboxInvoices.orderId, body.order_id)));
        if (existing) return ok(resultOf(await current(existing)));
        const rate = SANDBOX_USD_RATES[body.to_currency];
        if (!rate) return refuse(reply, 422, `Unsupported currency ${body.to_currency}`);
        const payerAmount = (Number(body.amount) / Number(rate)).toFixed(coinDecimals(rate));
        const [created] = await options.db
          .insert(sandboxInvoices)
          .values({
            uuid: randomUUID(),
            merchant: options.merchantId,
            orderId: body.order_id,
            amount: body.amount,
            currency: body.currency,
            toCurrency: body.to_currency,
            network: body.network,
            address: sandboxAddress(body.network),
            payerAmount,
            urlCallback: body.url_callback ?? null,
            urlReturn: body.url_return ?? null,
            expiresAt: new Date(options.now().getTime() + body.lifetime * 1000),
            createdAt: options.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (created) return ok(resultOf(created));
        const [raced] = await options.db
          .select()
          .from(sandboxInvoices)
          .where(eq(sandboxInvoices.orderId, body.order_id));
        return raced ? ok(resultOf(raced)) : refuse(reply, 500, 'Could not create invoice');
      });

      sandbox.post('/v1/payment/info', async (request, reply) => {
        if (!authenticated(request, reply)) return reply;
        const parsed = infoBodySchema.safeParse(JSON.parse((request.body as string) || '{}'));
        if (!parsed.success) return refuse(reply, 422, 'Send order_id or uuid');
        const where =
          'uuid' in parsed.data
            ? eq(sandboxInvoices.uuid, parsed.data.uuid)
            : eq(sandboxInvoices.orderId, parsed.data.order_id);
        const [invoice] = await options.db
          .select()
          .from(sandboxInvoices)
          .where(and(where, eq(sandboxInvoices.merchant, options.merchantId)));
        if (!invoice) return refuse(reply, 404, 'Payment not found');
        return ok(resultOf(await current(invoice)));
      });

      sandbox.get('/v1/exchange-rate/:coin/list', async (request, reply) => {
        if (!authenticated(request, reply)) return reply;
        const { coin } = request.params as { coin: string };
        const rate = SANDBOX_USD_RATES[coin.toUpperCase()];
        if (!rate) return refuse(reply, 404, 'Currency not found');
        return ok([
          { from: coin.toUpperCase(), to: 'USD', course: rate },
          { from: coin.toUpperCase(), to: 'USDT', course: (Number(rate) / Number(SANDBOX_USD_RATES.USDT)).toFixed(8) },
        ]);
      });

      /** The checkout page's data (public, like a real provider's hosted page). */
      sandbox.get('/checkout/:uuid', async (request, reply) => {
        const { uuid } = request.params as { uuid: string };
        if (!z.uuid().safeParse(uuid).success)
          return reply.status(404).send({ message: 'This payment does not exist.', errorCode: 'NotFound' });
        const [found] = await options.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.uuid, uuid));
        if (!found) return reply.status(404).send({ message: 'This payment does not exist.', errorCode: 'NotFound' });
        const invoice = await current(found);
        return {
          uuid: invoice.uuid,
          orderId: invoice.orderId,
          amountUsd: invoice.amount,
          coin: invoice.toCurrency,
          network: invoice.network,
          payerAmount: invoice.payerAmount,
          rate: SANDBOX_USD_RATES[invoice.toCurrency] ?? null,
          address: invoice.address,
          status: invoice.status,
          isFinal: isFinal(invoice.status),
          paidUsd: invoice.paymentAmountUsd,
          paidCoinAmount: paidInCoin(invoice),
          expiresAt: invoice.expiresAt.toISOString(),
          returnUrl: invoice.urlReturn,
        };
      });

      /** The tester's choice on the checkout page: settle the invoice and tell the merchant by webhook. */
      sandbox.post('/checkout/:uuid/outcome', async (request, reply) => {
        const { uuid } = request.params as { uuid: string };
        let json: unknown;
        try {
          json = JSON.parse((request.body as string) || '{}');
        } catch {
          return reply
            .status(400)
            .send({ message: 'The request body is not valid JSON.', errorCode: 'ValidationError' });
        }
        const parsed = outcomeBodySchema.safeParse(json);
        if (!parsed.success || !z.uuid().safeParse(uuid).success) {
          return reply
            .status(400)
            .send({ message: parsed.error?.issues[0]?.message ?? 'Unknown payment.', errorCode: 'ValidationError' });
        }
        const [found] = await options.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.uuid, uuid));
        if (!found) return reply.status(404).send({ message: 'This payment does not exist.', errorCode: 'NotFound' });
        const invoice = await current(found);
        if (isFinal(invoice.status)) {
          return reply
            .status(409)
            .send({ message: `This payment is already final (${invoice.status}).`, errorCode: 'ValidationError' });
        }
        const { outcome, amountUsd } = parsed.data;
        const invoiceAmount = Number(invoice.amount);
        let paid: string | null = null;
        if (outcome === 'paid') paid = invoice.amount;
        if (outcome === 'paid_over' || outcome === 'wrong_amount') {
          const value =
            amountUsd ?? (outcome === 'paid_over' ? (invoiceAmount * 1.1).toFixed(2) : (invoiceAmount / 2).toFixed(2));
          if (outcome === 'paid_over' && (Number(value) <= invoiceAmount || Number(value) > invoiceAmount * 2)) {
            return reply.status(400).send({
              message: `An overpayment must be more than $${invoice.amount} and at most twice it.`,
              errorCode: 'ValidationError',
            });
          }
          if (outcome === 'wrong_amount' && (Number(value) <= 0 || Number(value) >= invoiceAmount)) {
            return reply.status(400).send({
              message: `An underpayment must be between $0.01 and $${invoice.amount}.`,
              errorCode: 'ValidationError',
            });
          }
          paid = Number(value).toFixed(2);
        }
        const [settled] = await options.db
          .update(sandboxInvoices)
          .set({ status: outcome, paymentAmountUsd: paid })
          .where(and(eq(sandboxInvoices.uuid, invoice.uuid), eq(sandboxInvoices.status, invoice.status)))
          .returning();
        if (!settled)
          return reply
            .status(409)
            .send({ message: 'This payment changed meanwhile; reload the page.', errorCode: 'ValidationError' });
        await sendWebhook(settled);
        return { status: settled.status, returnUrl: settled.urlReturn };
      });
    },
    { prefix: '/sandbox/payments' },
  );
}
