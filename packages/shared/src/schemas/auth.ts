import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.js';
import { isStrongPassword, PASSWORD_STRENGTH_MESSAGE } from '../password.js';
import { emailSchema, idSchema } from './common.js';

export const strongPasswordSchema = z
  .string({ message: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine(isStrongPassword, PASSWORD_STRENGTH_MESSAGE);

const anyPasswordSchema = z
  .string({ message: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const otpSchema = z
  .string({ message: 'Code is required.' })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Code must be exactly ${OTP_LENGTH} digits.`);

/** Single-use codes sent in links: url-safe base64 of 32 random bytes. */
export const linkCodeSchema = z
  .string({ message: 'Code is required.' })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'This link is invalid.');

export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: strongPasswordSchema,
    confirmPassword: z.string({ message: 'Confirm your password.' }).max(PASSWORD_MAX_LENGTH),
    referredBy: z.string().trim().max(64, 'Referral code is too long.').optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: anyPasswordSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  isTwoFactorRequired: z.boolean(),
  userId: idSchema,
  message: z.string(),
  /** With isTwoFactorRequired: which codes the 2FA step takes ('totp' first when the authenticator is on). */
  twoFactorMethods: z.array(z.enum(['email', 'totp', 'passkey'])).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A 6-digit code (mailed or from the authenticator app) or a recovery code (xxxxx-xxxxx), in any case. */
export const secondFactorCode = (message: string) =>
  z
    .string({ message: 'Code is required.' })
    .trim()
    .regex(/^(\d{6}|[a-z2-9]{5}[\s-]?[a-z2-9]{5})$/i, message);

/** The message predates recovery codes and clients show it; a recovery code passes the same field. */
export const twoFactorVerifyBodySchema = z.object({
  code: secondFactorCode(`Code must be exactly ${OTP_LENGTH} digits.`),
  userId: idSchema,
});
export const twoFactorEmailBodySchema = z.object({ userId: idSchema });
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBodySchema>;

export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  referral: z.object({ referralAttempted: z.boolean(), referrerEligible: z.boolean() }),
  /**
   * False when the address was verified but nobody was signed in: the browser is signed in to another account (which
   * stays), or the link was opened other than from the app's own page (docs/decisions/027-account-takeover.md).
   */
  signedIn: z.boolean(),
  /** With signedIn false and another account signed in: that account's address, shown to its own holder. */
  otherAccountEmail: z.string().optional(),
  /**
   * With signedIn true: the account this browser is now signed in to, said on the page so nobody takes someone
   * else's account (opened from someone else's link) for their own.
   */
  email: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  password: strongPasswordSchema,
  verificationCode: linkCodeSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
