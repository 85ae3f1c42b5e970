import { AppError, appErrorFromResponse, isErrorResponse } from '#shared/errors/index.ts';
import type { BusinessProfile, Profile } from '#shared/contracts/account.contract.ts';
import type {
  AccountOverview,
  AccountSession,
  BackupCodes,
  ChangeEmailInput,
  ChangePasswordInput,
  DeletionRequestStatus,
  MfaSetup,
  MfaStatus,
  NotificationPreferences,
} from '#shared/contracts/account-security.contract.ts';
import { api, recordError } from '../../../lib/api-client.ts';
import { accountPaths } from '../../../lib/routes.ts';
import { accountSecurityPaths } from '../../../lib/api-paths.ts';
import { shrinkImageForUpload } from '../lib/shrink-image.ts';

// The signed-in person's own account: security, sessions, images and preferences.

export const accountSecurityKeys = {
  mfa: (userId: string) => ['account', userId, 'mfa'] as const,
  overview: (userId: string) => ['account', userId, 'overview'] as const,
  sessions: (userId: string) => ['account', userId, 'sessions'] as const,
  notifications: (userId: string) => ['account', userId, 'notifications'] as const,
  deletionRequest: (code: string) => ['deletion-request', code] as const,
};

/** A multipart upload of one file, answered in the usual envelope. */
async function uploadFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', await shrinkImageForUpload(file));
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch (cause) {
    const error = AppError.from('NETWORK_ERROR', {
      technicalMessage: `Upload to ${path} could not be sent`,
      component: 'upload',
      cause,
    });
    recordError(error.record);
    throw error;
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorResponse(body)) {
    const error = appErrorFromResponse(body, response.status);
    recordError(error.record);
    throw error;
  }
  if (!response.ok || typeof body !== 'object' || body === null || !('data' in body)) {
    const error = AppError.from(response.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'SERVER_ERROR', {
      technicalMessage: `Upload to ${path} answered HTTP ${response.status}`,
      component: 'upload',
    });
    recordError(error.record);
    throw error;
  }
  return (body as { data: T }).data;
}

const paths = accountSecurityPaths;
const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export const accountSecurityApi = {
  mfaStatus: (signal?: AbortSignal) => api.get<MfaStatus>(paths.mfa, opts(signal)),
  mfaSetup: () => api.post<MfaSetup>(paths.mfaSetup),
  mfaEnable: (code: string) => api.post<BackupCodes>(paths.mfaEnable, { code }),
  mfaDisable: (password: string) => api.post<null>(paths.mfaDisable, { password }),
  mfaBackupCodes: (password: string) => api.post<BackupCodes>(paths.mfaBackupCodes, { password }),

  overview: (signal?: AbortSignal) => api.get<AccountOverview>(paths.account, opts(signal)),
  changeEmail: (input: ChangeEmailInput) => api.post<null>(paths.accountEmail, input),
  changePassword: (input: ChangePasswordInput) => api.post<null>(paths.accountPassword, input),
  updateName: (fullName: string | null) =>
    api.patch<Profile>(accountPaths.profile, { full_name: fullName }),
  uploadAvatar: (file: File) => uploadFile<Profile>(paths.accountAvatar, file),
  removeAvatar: () => api.delete<Profile>(paths.accountAvatar),

  sessions: (signal?: AbortSignal) =>
    api.get<AccountSession[]>(paths.accountSessions, opts(signal)),
  signOutSession: (id: string) => api.delete<{ current: boolean }>(paths.accountSession(id)),
  signOutOtherSessions: () => api.delete<{ signedOut: number }>(paths.accountSessions),

  deleteAccount: (password: string) =>
    api.post<{ code: string }>(paths.accountDelete, { password }),
  deletionRequest: (code: string, signal?: AbortSignal) =>
    api.get<DeletionRequestStatus>(paths.deletionRequest(code), opts(signal)),

  notifications: (signal?: AbortSignal) =>
    api.get<NotificationPreferences>(paths.notificationPreferences, opts(signal)),
  updateNotifications: (input: NotificationPreferences) =>
    api.put<NotificationPreferences>(paths.notificationPreferences, input),

  updateBusinessProfile: (input: Record<string, unknown>) =>
    api.patch<BusinessProfile>(accountPaths.businessProfile, input),
  uploadLogo: (file: File) => uploadFile<BusinessProfile>(paths.businessLogo, file),
  removeLogo: () => api.delete<BusinessProfile>(paths.businessLogo),
};
