import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { otpSchema, strongPasswordSchema } from './auth.js';
import { emailSchema, idSchema, pageMetaSchema } from './common.js';

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

export const toggleTwoFactorBodySchema = z.object({
  enabled: z.boolean({ message: 'enabled must be true or false.' }),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required.' })
    .min(1, 'Current password is required.')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: strongPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changeEmailInitBodySchema = z.object({ newEmail: emailSchema });
export const changeEmailVerifyBodySchema = z.object({ otp: otpSchema });
