import { createHash } from 'node:crypto';

/** Cryptomus request signature: md5(base64(raw JSON body) + API key), hex. An empty body signs "". */
export function signCryptomusBody(body: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(body, 'utf8').toString('base64') + apiKey)
    .digest('hex');
}

/**
 * The webhook is signed over PHP's json_encode of the payload without `sign`: forward slashes escaped as "\/",
 * unicode left as is. JSON.stringify matches that once the slashes are escaped.
 */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value).replaceAll('/', '\\/');
}

export function signCryptomusWebhook(payloadWithoutSign: Record<string, unknown>, apiKey: string): string {
  return signCryptomusBody(phpJsonEncode(payloadWithoutSign), apiKey);
}
