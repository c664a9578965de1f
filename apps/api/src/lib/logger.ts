import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/** Single-use codes and sandbox card keys travel in some URLs; they never reach the log. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/(\/email\/verify\/)[^/?#]+/g, '$1[redacted]')
      // A sandbox card's issuer id is the key to its spend simulator.
      .replace(/(\/sandbox\/(?:issuing\/simulator\/)?cards\/)[^/?#]+/g, '$1[redacted]')
      .replace(/(\/delete_card\/)[^/?#]+/g, '$1[redacted]')
      .replace(/([?&](?:code|token|exp|card_id)=)[^&#]*/gi, '$1[redacted]')
  );
}

/**
 * Drizzle's query errors carry the query's parameters in their message ("Failed query: … params: …"): password and
 * code hashes, addresses. Errors are logged with the statement only.
 */
export function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const strip = (text: unknown) => (typeof text === 'string' ? withoutQueryParams(text) : text);
  return { ...serialized, message: strip(serialized.message), stack: strip(serialized.stack) };
}

/** A failed query's text without the values it was sent with. */
export const withoutQueryParams = (text: string) => text.replace(/\nparams: [^\n]*/, '\nparams: [redacted]');

export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      '*.password',
      '*.cvv',
      '*.cardNumber',
      // Identity fields of a cardholder verification, should a body or a record ever reach a log line.
      '*.idNumber',
      '*.dateOfBirth',
      '*.id_no',
      '*.date_of_birth',
      '*.phone',
      '*.detailsSealed',
    ],
    censor: '[redacted]',
  },
  serializers: {
    err: serializeError,
    req(request: FastifyRequest) {
      return { id: request.id, method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
    },
  },
});

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
