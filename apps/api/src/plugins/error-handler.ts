import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isDatabaseUnavailable, isTransientConflict } from '../lib/db-errors.js';

type Issue = { instancePath: string; message?: string };

function fieldName(issue: Issue): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
}

function validationBody(issues: Issue[], part: string) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = fieldName(issue) || part;
    fields[name] ??= issue.message ?? 'Invalid value.';
  }
  const first = issues[0];
  const message = !first
    ? 'The request is invalid.'
    : fieldName(first)
      ? (first.message ?? 'Invalid value.')
      : `The request ${part} is missing or is not a JSON object.`;
  return { message, errorCode: 'ValidationError', fields };
}

/** Fastify's own client errors, reworded for a person. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; errorCode: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    errorCode: 'ValidationError',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    errorCode: 'ValidationError',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    errorCode: 'PayloadTooLarge',
    message: 'The request body is too large (100 KB at most).',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    errorCode: 'UnsupportedMediaType',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    errorCode: 'ValidationError',
    message: 'The request body length does not match its Content-Length.',
  },
};

/** How long a client is asked to wait while the database is away (a restart or failover takes seconds). */
const DATABASE_AWAY_RETRY_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds !== undefined)
        reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ message: error.message, errorCode: error.errorCode, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation, error.validationContext ?? 'body'));
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, errorCode: known.errorCode });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) {
        return reply
          .status(429)
          .send({ message: 'Too many requests. Please wait and try again.', errorCode: 'TooManyRequests' });
      }
      return reply.status(error.statusCode).send({ message: error.message, errorCode: 'ValidationError' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unreachable or restarting; answered 503');
      return reply.status(503).header('Retry-After', String(DATABASE_AWAY_RETRY_SECONDS)).send({
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
        errorCode: 'ServiceUnavailable',
      });
    }
    if (isTransientConflict(error)) {
      request.log.warn({ err: error }, 'a request collided with another in the database');
      return reply
        .status(503)
        .header('Retry-After', '1')
        .send({ message: 'This collided with another change. Please try again.', errorCode: 'TemporarilyUnavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again in a moment.', errorCode: 'InternalError' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, errorCode: 'NotFound' });
  });
}
