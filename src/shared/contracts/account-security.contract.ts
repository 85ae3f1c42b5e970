import { z } from 'zod';
import { authSessionSchema, emailSchema, passwordSchema } from './auth.contract.ts';

// A person's own account: two-factor authentication, sign-in address and password, sessions,
// closing the account, notification preferences, and the public status of deletion requests.

/** A six-digit authenticator code or a backup code (`xxxx-xxxx`, dash and case optional). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const BACKUP_CODE_PATTERN = /^[a-z0-9]{4}-?[a-z0-9]{4}$/i;

export const mfaCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the code from your authenticator app')
      .max(20, 'Enter a 6-digit code or a backup code')
      .refine(
        (value) => TOTP_CODE_PATTERN.test(value) || BACKUP_CODE_PATTERN.test(value),
        'Enter a 6-digit code or a backup code',
      ),
  );

export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(TOTP_CODE_PATTERN, 'Enter the 6-digit code from your authenticator app'));

export const currentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(128, 'Password must be at most 128 characters');

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  backupCodesRemaining: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaSetupSchema = z.object({
  /** PNG data URL of the otpauth:// URI. */
  qrCodeDataUrl: z.string(),
  /** The secret in base32, grouped for reading, for apps that cannot scan. */
  manualKey: z.string(),
  otpauthUrl: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

export const enableMfaInputSchema = z.strictObject({ code: totpCodeSchema });
export type EnableMfaInput = z.input<typeof enableMfaInputSchema>;

export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

export const passwordConfirmationInputSchema = z.strictObject({ password: currentPasswordSchema });
export type PasswordConfirmationInput = z.input<typeof passwordConfirmationInputSchema>;

/** Sign-in's answer: a session, or — with two-factor authentication on — a challenge to answer. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challengeToken: z.string(),
  expiresAt: z.string(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const signInResultSchema = z.union([authSessionSchema, mfaChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export function isMfaChallenge(value: SignInResult): value is MfaChallenge {
  return 'mfaRequired' in value && value.mfaRequired === true;
}

export const verifyMfaChallengeInputSchema = z.strictObject({
  challengeToken: z.string().min(20).max(200),
  code: mfaCodeSchema,
});
export type VerifyMfaChallengeInput = z.input<typeof verifyMfaChallengeInputSchema>;

// ---------------------------------------------------------------------------------------------

export const changePasswordInputSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one',
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

export const changeEmailInputSchema = z.strictObject({
  newEmail: emailSchema,
  password: currentPasswordSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailInputSchema>;

export const accountOverviewSchema = z.object({
  email: z.string(),
  /** The address a change waits to be confirmed at, if any. */
  pendingEmail: z.string().nullable(),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

export const accountSessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const signedOutCountSchema = z.object({ signedOut: z.number().int() });

export const deleteAccountInputSchema = z.strictObject({ password: currentPasswordSchema });
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

export const deletionRequestStatusSchema = z.object({
  code: z.string(),
  kind: z.enum(['account', 'meta_data_deletion']),
  status: z.enum(['pending', 'completed']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DeletionRequestStatus = z.infer<typeof deletionRequestStatusSchema>;

export const notificationPreferencesSchema = z.strictObject({
  /** E-mail the account's owner when a scheduled post fails to publish. */
  emailOnFailedPost: z.boolean(),
  /** A morning e-mail summarising unanswered inbox messages. */
  dailyInboxDigest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailOnFailedPost: true,
  dailyInboxDigest: false,
};

/** Images accepted for avatars and logos (decoded on the server; SVG is refused). */
export const ACCOUNT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ACCOUNT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const accountSecurityRoutes = {
  mfa: '/api/mfa',
  mfaSetup: '/api/mfa/setup',
  mfaEnable: '/api/mfa/enable',
  mfaDisable: '/api/mfa/disable',
  mfaBackupCodes: '/api/mfa/backup-codes',
  mfaVerify: '/api/auth/mfa/verify',
  account: '/api/account',
  accountEmail: '/api/account/email',
  accountEmailConfirm: '/api/account/email/confirm',
  accountPassword: '/api/account/password',
  accountSessions: '/api/account/sessions',
  accountSession: (id: string) => `/api/account/sessions/${id}`,
  accountAvatar: '/api/account/avatar',
  accountDelete: '/api/account/delete',
  accountImage: (id: string) => `/api/account-images/${id}`,
  notificationPreferences: '/api/account/notifications',
  businessLogo: '/api/business-profile/logo',
  deletionRequest: (code: string) => `/api/deletion-requests/${encodeURIComponent(code)}`,
} as const;
