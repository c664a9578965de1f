import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { otpSchema, secondFactorCode } from './auth.js';
import { passkeyAssertionSchema } from './passkeys.js';

export const TWO_FACTOR_METHODS = ['email', 'totp', 'passkey'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  /** A set-up was started and not confirmed yet. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmBodySchema = z.object({ code: otpSchema });

export const recoveryCodesResponseSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Turning the authenticator off or renewing recovery codes: the password and a current code. */
export const totpStepUpBodySchema = z.object({
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
  code: secondFactorCode('Enter the 6-digit code from your authenticator app, or a recovery code.'),
});
export type TotpStepUpBody = z.input<typeof totpStepUpBodySchema>;

/**
 * Setting up the authenticator: the password, and a current code or passkey when a second factor is already on (a
 * stolen session alone must not be able to put its own authenticator on the account).
 */
export const totpEnrolBodySchema = z.object({
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
  code: secondFactorCode('Enter the 6-digit code, or a recovery code.').optional(),
  passkey: passkeyAssertionSchema.optional(),
});
export type TotpEnrolBody = z.input<typeof totpEnrolBodySchema>;
