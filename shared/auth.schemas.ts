import { z } from 'zod';
import { LOCALES } from './i18n/locales.js';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits.js';
import { nicknameField, stripBidiControls } from './nicknames.js';
import { publicProfileSchema } from './users.js';

const email = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: 'Invalid email address' })
  .pipe(z.email({ error: 'Invalid email address' }));

const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  });

/** A first or last name: any alphabet, but no characters that turn the text around. */
function personName(message: string, max: number) {
  return z
    .string({ error: message })
    .transform(stripBidiControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: message })
        .max(max, { error: `Must be at most ${max} characters` }),
    );
}

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Password must be at least 6 characters' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: personName('First name is required', NAME_MAX_LENGTH),
  lastName: personName('Last name is required', NAME_MAX_LENGTH),
  nickname: nicknameField(),
  email,
  password,
  agreeToTerms: z
    .boolean({ error: 'You must agree to the terms and conditions' })
    .refine((agreed) => agreed, { error: 'You must agree to the terms and conditions' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const requestPasswordResetSchema = z.object({ email });

/** Messages follow SPEC §5 (Reset password): title and text are shown together on screen. */
export const RESET_MESSAGES = {
  invalidLink: {
    title: 'Invalid Link',
    text: 'This password reset link is invalid or expired.',
  },
  tooShort: {
    title: 'Password Too Short',
    text: 'Password must be at least 6 characters long.',
  },
  mismatch: {
    title: "Passwords Don't Match",
    text: 'Please make sure both passwords are the same.',
  },
} as const;

export const confirmPasswordResetSchema = z.object({
  token: z
    .string({ error: RESET_MESSAGES.invalidLink.text })
    .min(1, { error: RESET_MESSAGES.invalidLink.text })
    .max(200, { error: RESET_MESSAGES.invalidLink.text }),
  newPassword: z
    .string({ error: RESET_MESSAGES.tooShort.text })
    .min(PASSWORD_MIN_LENGTH, { error: RESET_MESSAGES.tooShort.text })
    .max(PASSWORD_MAX_LENGTH, {
      error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    }),
});

export const verifyEmailSchema = z.object({
  token: z.string({ error: 'This verification link is invalid or expired.' }).min(1).max(200),
});

/** The user as the client sees it (never password or reset fields). */
export const clientUserSchema = publicProfileSchema
  .extend({
    email: z.string(),
    isAdmin: z.boolean(),
    updatedAt: z.string(),
    /** The language the member chose (shared/i18n/locales.ts), null if none. */
    locale: z.enum(LOCALES).nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type ClientUser = z.infer<typeof clientUserSchema>;

export const messageResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'MessageResponse' });
