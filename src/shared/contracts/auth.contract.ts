import { z } from 'zod';

// Shapes of the auth API. The server validates with these schemas and the web forms use the same
// ones, so a rule changes in one place. Password strength is a separate, asynchronous check
// (src/shared/password-strength.ts) because its dictionaries are large.

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** An invitation link's token (base64url, docs/decisions/032). */
export const invitationTokenSchema = z
  .string()
  .min(20, 'This invitation link is not valid')
  .max(200, 'This invitation link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'This invitation link is not valid');

export const signUpInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  businessName: z.string().trim().max(120, 'Business name is too long').optional(),
  fullName: z.string().trim().max(120, 'Name is too long').optional(),
  /**
   * The browser's IANA time zone, for the new business's settings. The server keeps it only when
   * it knows the zone, and uses UTC otherwise (docs/decisions/036).
   */
  timeZone: z.string().trim().max(64).optional(),
  /**
   * Signing up from an invitation link: with a pending invitation for this same address the
   * person joins that business and gets none of their own (docs/decisions/035). Otherwise the
   * sign-up is an ordinary one, with the same answer.
   */
  invitationToken: invitationTokenSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

export const signInInputSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export const forgotPasswordInputSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

export const resendConfirmationInputSchema = z.strictObject({ email: emailSchema });

export const resetPasswordInputSchema = z.strictObject({
  token: z.string().min(20, 'This reset link is invalid').max(200, 'This reset link is invalid'),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailConfirmedAt: z.string().nullable(),
  appMetadata: z.object({ provider: z.enum(['email', 'facebook']) }),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({
  user: authUserSchema,
  /** ISO time when the session stops being accepted unless refreshed. */
  expiresAt: z.string(),
  /** Seconds from the server's clock, so the client refresh timer is not fooled by a skewed clock. */
  expiresIn: z.number().int(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const signUpResultSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string() }),
  confirmationRequired: z.boolean(),
});
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/**
 * Who reads the e-mails this installation keeps instead of sending (docs/decisions/017, 036):
 * `development` — the development mailbox, opened with the key in the server's start-up log;
 * `administrators` — production without SMTP, read by administrators only; `off` — sent by SMTP.
 */
export const MAILBOX_MODES = ['development', 'administrators', 'off'] as const;
export type MailboxMode = (typeof MAILBOX_MODES)[number];

/** What the sign-up pages need to know about the installation; public, nothing secret. */
export const authConfigSchema = z.object({ mailbox: z.enum(MAILBOX_MODES) });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Auth routes, relative to the API root. */
export const authRoutes = {
  signUp: '/api/auth/sign-up',
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/session',
  refresh: '/api/auth/refresh',
  confirm: '/api/auth/confirm',
  resendConfirmation: '/api/auth/resend-confirmation',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  /** The second step of a sign-in with two-factor authentication. */
  mfaVerify: '/api/auth/mfa/verify',
  config: '/api/auth/config',
} as const;
