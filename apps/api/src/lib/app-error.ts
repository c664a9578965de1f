import type { ErrorCode } from '@coincard/shared';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  ValidationError: 400,
  InvalidAccessToken: 401,
  InvalidRefreshToken: 401,
  InvalidCredentials: 401,
  InvalidCode: 400,
  EmailNotVerified: 403,
  EmailTaken: 409,
  AccountSuspended: 403,
  TooManyRequests: 429,
  NotFound: 404,
  Forbidden: 403,
  StepUpRequired: 403,
  CrossOriginRequest: 403,
  UnsupportedMediaType: 415,
  PayloadTooLarge: 413,
  InvalidSignature: 401,
  InsufficientBalance: 400,
  CardLimitReached: 400,
  CardNotActive: 400,
  UnloadCooldown: 429,
  CardBusy: 409,
  MonthlyLimitExceeded: 400,
  IdempotencyConflict: 409,
  VerificationRequired: 403,
  VerificationConflict: 409,
  VerificationLimitReached: 403,
  RestrictedCountry: 403,
  ProviderError: 502,
  TemporarilyUnavailable: 503,
  ServiceUnavailable: 503,
  InternalError: 500,
};

export type AppErrorExtra = { fields?: Record<string, string>; retryAfterSeconds?: number };

/** The one error type: a stable code, a message written for a person, and the HTTP status the code implies. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[errorCode];
  }
}

export const notFound = (what: string) => new AppError('NotFound', `${what} not found.`);
