import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, EMAIL_MAX_LENGTH, MAX_PAGE_SIZE } from '../constants.js';

export const ERROR_CODES = [
  'ValidationError',
  'InvalidAccessToken',
  'InvalidRefreshToken',
  'InvalidCredentials',
  'InvalidCode',
  'EmailNotVerified',
  'EmailTaken',
  'AccountSuspended',
  'TooManyRequests',
  'NotFound',
  'Forbidden',
  'StepUpRequired',
  'CrossOriginRequest',
  'UnsupportedMediaType',
  'PayloadTooLarge',
  'InvalidSignature',
  'InsufficientBalance',
  'CardLimitReached',
  'CardNotActive',
  'UnloadCooldown',
  'CardBusy',
  'MonthlyLimitExceeded',
  'IdempotencyConflict',
  'VerificationRequired',
  'VerificationConflict',
  'VerificationLimitReached',
  'RestrictedCountry',
  'ProviderError',
  'TemporarilyUnavailable',
  'ServiceUnavailable',
  'InternalError',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  message: z.string(),
  errorCode: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const idSchema = z.uuid({ message: 'Must be a valid id.' });

export const emailSchema = z
  .string({ message: 'E-mail is required.' })
  .trim()
  .min(1, 'E-mail is required.')
  .max(EMAIL_MAX_LENGTH, `E-mail must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }))
  .transform((email) => email.toLowerCase());

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be at least 1.')
    .max(1_000_000, 'page is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a number.' })
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be at least 1.')
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const adminListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters.').optional(),
});

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;
