import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { secondFactorCode } from './auth.js';
import { idSchema } from './common.js';
import { passkeyAssertionSchema, passkeyAttestationSchema, passkeyNameSchema } from './passkeys.js';

/**
 * POST /api/auth/step-up: one of the password, a code (authenticator, recovery, or a mailed step-up code), or a
 * passkey assertion. It lets this session reveal card details and make large loads for STEP_UP_WINDOW_MS.
 */
export const stepUpBodySchema = z
  .object({
    password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH).optional(),
    code: secondFactorCode('Enter the 6-digit code, or a recovery code.').optional(),
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine((body) => [body.password, body.code, body.passkey].filter((value) => value !== undefined).length === 1, {
    message: 'Confirm with your password, a code or a passkey.',
  });
export type StepUpBody = z.input<typeof stepUpBodySchema>;

export const stepUpResponseSchema = z.object({ message: z.string(), steppedUpUntil: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;

/** What a session's step-up may use, so the form offers only those. */
export const stepUpMethodsSchema = z.object({
  password: z.literal(true),
  authenticator: z.boolean(),
  emailCode: z.boolean(),
  passkey: z.boolean(),
  /** Until when this session's last step-up counts, if it still does. */
  steppedUpUntil: z.string().nullable(),
});
export type StepUpMethods = z.infer<typeof stepUpMethodsSchema>;

/** Step-up fields for changing a second factor: the password plus, when a factor is on, its code or a passkey. */
const credentialStepUp = {
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
  code: secondFactorCode('Enter the 6-digit code, or a recovery code.').optional(),
  passkey: passkeyAssertionSchema.optional(),
};
export const credentialStepUpSchema = z.object(credentialStepUp);
export type CredentialStepUp = z.input<typeof credentialStepUpSchema>;

export const registerPasskeyBodySchema = z.object({
  ...credentialStepUp,
  name: passkeyNameSchema,
  credential: passkeyAttestationSchema,
});
export type RegisterPasskeyBody = z.input<typeof registerPasskeyBodySchema>;

export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });

/** POST /api/auth/passkey/login: a passwordless sign-in with a discoverable passkey. */
export const passkeyLoginBodySchema = z.object({ credential: passkeyAssertionSchema });
/** POST /api/auth/2fa/passkey: the second factor of a sign-in that passed the password step. */
export const passkeySecondFactorBodySchema = z.object({ userId: idSchema, credential: passkeyAssertionSchema });
export const passkeySecondFactorOptionsBodySchema = z.object({ userId: idSchema });

export const sessionSchema = z.object({
  _id: idSchema,
  /** Browser and system, read from the user agent ("Chrome on macOS"), or "Unknown device". */
  device: z.string(),
  /** The address, shortened to its network ("203.0.113.x"), with a hint for private and local ones. */
  place: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionsSchema = z.object({ sessions: z.array(sessionSchema) });
export type Sessions = z.infer<typeof sessionsSchema>;
export const revokeOthersResponseSchema = z.object({ message: z.string(), ended: z.number().int() });
