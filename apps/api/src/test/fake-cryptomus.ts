import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Cryptomus written from its public documentation (docs/payment-provider-protocol.md), independent of the adapter's
 * code: it checks the `merchant` and `sign` headers, keeps invoices by order_id, and sends webhooks signed the
 * way the provider does (PHP json_encode, slashes escaped).
 */
export async function startFakeCryptomus(options: { merchantId: string; apiKey: string }) {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const sign = (body: string) => md5(Buffer.from(body).toString('base64') + options.apiKey);
  const phpJson = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/');
  const invoices = new Map<string, Record<string, unknown>>();
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => resolve(data));
    });

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.merchant !== options.merchantId || request.headers.sign !== sign(raw)) {
      return reply(401, { state: 1, message: 'Invalid sign' });
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = request.url ?? '';
    requests.push({ path, body });
    if (request.method === 'POST' && path === '/v1/payment') {
      const orderId = String(body.order_id);
      const existing = invoices.get(orderId);
      if (existing) return reply(200, { state: 0, result: existing });
      const uuid = randomUUID();
      const invoice = {
        uuid,
        order_id: orderId,
        amount: body.amount,
        payment_amount: null,
        currency: body.currency,
        network: body.network,
        address: `T${'x'.repeat(33)}`,
        url: `https://pay.fake-cryptomus.test/pay/${uuid}`,
        status: 'check',
        payment_status: 'check',
        expired_at: Math.floor(Date.now() / 1000) + Number(body.lifetime ?? 3600),
        is_final: false,
        url_callback: body.url_callback,
      };
      invoices.set(orderId, invoice);
      return reply(200, { state: 0, result: invoice });
    }
    if (request.method === 'POST' && path === '/v1/payment/info') {
      const invoice = invoices.get(String(body.order_id));
      return invoice ? reply(200, { state: 0, result: invoice }) : reply(404, { state: 1, message: 'not found' });
    }
    const rate = path.match(/^\/v1\/exchange-rate\/([A-Z]+)\/list$/);
    if (request.method === 'GET' && rate) {
      return reply(200, {
        state: 0,
        result: [{ from: rate[1], to: 'USD', course: rate[1] === 'BTC' ? '95000.5' : '1.0001' }],
      });
    }
    return reply(404, { state: 1, message: 'unknown endpoint' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Signs a webhook payload as the provider does. */
  const signWebhook = (payload: Record<string, unknown>) =>
    JSON.stringify({ ...payload, sign: md5(Buffer.from(phpJson(payload)).toString('base64') + options.apiKey) });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    invoices,
    signWebhook,
    /**
     * Settles an invoice and POSTs the webhook to its url_callback, as Cryptomus would. By default the payer paid in
     * USDT, whose `payment_amount` is its dollar value; `payment` names another coin and the amount sent in it.
     */
    async settle(
      orderId: string,
      status: string,
      paymentAmountUsd: string | null,
      options: { infoOmitsAmount?: boolean; payment?: { coin: string; amount: string } } = {},
    ) {
      const invoice = invoices.get(orderId);
      if (!invoice) throw new Error(`no invoice ${orderId}`);
      const coin = options.payment?.coin ?? 'USDT';
      const paymentAmount = options.payment ? options.payment.amount : paymentAmountUsd;
      // As documented, the info answer reports `payment_amount` in the payer's coin and no USD value; only the
      // webhook carries `payment_amount_usd`.
      Object.assign(invoice, {
        status,
        payment_status: status,
        payment_amount: options.infoOmitsAmount ? null : paymentAmount,
        payer_currency: coin,
        is_final: true,
      });
      const payload = {
        type: 'payment',
        uuid: invoice.uuid,
        order_id: orderId,
        amount: invoice.amount,
        payment_amount: paymentAmount,
        payment_amount_usd: paymentAmountUsd,
        merchant_amount: paymentAmountUsd,
        commission: '0.00',
        is_final: true,
        status,
        from: null,
        network: invoice.network,
        currency: 'USD',
        payer_currency: coin,
        additional_data: '{"return":"https://coincard.test/dashboard"}',
        txid: 'abc123',
      };
      return fetch(String(invoice.url_callback), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signWebhook(payload),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
