import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { otpSchema, secondFactorCode, strongPasswordSchema } from './auth.js';
import { emailSchema, idSchema, pageMetaSchema } from './common.js';
import { passkeyAssertionSchema } from './passkeys.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: idSchema,
  email: z.string(),
  role: z.enum(ROLES),
  verified: z.boolean(),
  isTwoFactorEnabled: z.boolean(),
  isSuspended: z.boolean(),
  balance: z.number().int(),
  cardholderId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const usersPageSchema = z.object({ users: z.array(userSchema), meta: pageMetaSchema });
export type UsersPage = z.infer<typeof usersPageSchema>;

const currentPasswordSchema = z
  .string({ message: 'Current password is required.' })
  .min(1, 'Current password is required.')
  .max(PASSWORD_MAX_LENGTH);

/**
 * Step-up: what a change of e-mail, password or two-factor asks besides the session, so a stolen session alone
 * cannot take the account over. `code` is the mailed step-up code, needed only when two-factor is on.
 */
export const stepUpFieldsSchema = z.object({
  currentPassword: currentPasswordSchema,
  code: secondFactorCode('Enter the 6-digit code, or a recovery code.').optional(),
  /** A passkey assertion instead of a code, for an account with a passkey. */
  passkey: passkeyAssertionSchema.optional(),
});
export type StepUpFields = z.input<typeof stepUpFieldsSchema>;

/** Turning two-factor off needs the step-up fields; turning it on needs none. */
export const toggleTwoFactorBodySchema = z.object({
  enabled: z.boolean({ message: 'enabled must be true or false.' }),
  currentPassword: currentPasswordSchema.optional(),
  code: secondFactorCode('Enter the 6-digit code, or a recovery code.').optional(),
  passkey: passkeyAssertionSchema.optional(),
});
export type ToggleTwoFactorBody = z.input<typeof toggleTwoFactorBodySchema>;

export const changePasswordBodySchema = stepUpFieldsSchema.extend({ newPassword: strongPasswordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changeEmailInitBodySchema = stepUpFieldsSchema.extend({ newEmail: emailSchema });
export type ChangeEmailInitBody = z.input<typeof changeEmailInitBodySchema>;
export const changeEmailVerifyBodySchema = z.object({ otp: otpSchema });
