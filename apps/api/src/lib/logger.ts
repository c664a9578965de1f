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
    ],
    censor: '[redacted]',
  },
  serializers: {
    req(request: FastifyRequest) {
      return { id: request.id, method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
    },
  },
});

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
